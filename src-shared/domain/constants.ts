/**
 * The business constants and limits of the product, named once so
 * the web app, the desktop console and the server all use the same figures.
 */

export const VERIFICATION = {
  codeLength: 6,
  resendCooldownSeconds: 60,
  minPasswordLength: 8,
  phoneMinLength: 7,
  phoneMaxLength: 15,
  identityRegion: 'us-east-1',
} as const;

export const REFERRAL = {
  retentionDays: 30,
  partnerIdParams: ['ps_partner_key', 'partner'],
  campaignIdParams: ['ps_campaign'],
  referralKeyParams: ['growsumo_key', 'ref', 'referral'],
  utmParams: ['utm_source', 'utm_medium', 'utm_campaign'],
  trackerWaitMs: 5000,
  trackerPollMs: 100,
} as const;

export const AFFILIATE_PROGRAM = {
  maxEarningPerSaleUsd: 300,
  reviewBusinessDays: '2-3',
  tiers: [
    { name: 'Bronze Partner', referralsPerMonth: '1-10', commissionPercent: 10 },
    { name: 'Silver Partner', referralsPerMonth: '11-25', commissionPercent: 15 },
    { name: 'Gold Partner', referralsPerMonth: '25+', commissionPercent: 20 },
  ],
  experienceBands: [
    { value: 'beginner', label: 'Beginner (0-1 years)' },
    { value: 'intermediate', label: 'Intermediate (2-5 years)' },
    { value: 'advanced', label: 'Advanced (5+ years)' },
  ],
} as const;

export const INTERFACE = {
  headerScrollThresholdPx: 50,
  authModalWidthPx: 420,
  layoutOffsetSmallPx: 48,
  layoutOffsetPx: 56,
  chatPanel: { widthPx: 360, heightPx: 500 },
  botReplyDelayMs: 1500,
  quickActionSendDelayMs: 100,
  featuresCarousel: { slides: 3, slidesBelow1024: 2, slidesBelow600: 1, autoplayMs: 5000 },
  testimonialsCarousel: { slides: 2, slidesBelow900: 1, autoplayMs: 6000 },
  pricingTableEnableDelayMs: 1000,
  /** How long Stripe's pricing-table script has to define its element before the page offers Try again. */
  pricingTableLoadTimeoutMs: 15_000,
  contactMessageRows: 6,
  careersIframeHeightPx: 800,
} as const;

/** Breakpoint below which the top bar is the small one (Material's small-screen bar). */
export const SMALL_SCREEN_MAX_WIDTH_PX = 599;

export const BLOG = {
  listRequest: { page: 1, perPage: 50, status: 'published' },
  pageSize: 9,
  slugLookupPerPage: 100,
  cacheValidationPerPage: 10,
  fallbackCacheMaxAgeMs: 5 * 60 * 1000,
  htmlCacheMaxAgeHours: 24,
  keywordChipsPerCard: 4,
} as const;

export const ADMIN = {
  tokenValidationIntervalMs: 30_000,
  shortcut: { ctrlKey: true, shiftKey: true, key: 'A' },
  profileLoadTimeoutMs: 30_000,
  visibilityReloadDelayMs: 100,
  leadCsvColumns: ['Name', 'Email', 'Source', 'Created At'],
  userCsvColumns: ['Username', 'Email', 'First Name', 'Last Name', 'Status', 'Enabled', 'Created Date', 'Last Modified'],
} as const;

export const BUSINESS_HOURS = {
  /** What the chat assistant says. The product has two wordings of it and both are kept. */
  chat: 'Monday to Friday, 9am to 5pm',
  /** What the contact page says. */
  contactPage: 'Monday to Friday, 9:00 AM to 6:00 PM Eastern Time',
} as const;

export const MARKETING_FIGURES = {
  guaranteeCreditUsd: 500,
  hireRatePercent: 93.8,
  yearsOfSuccess: '10+',
  fasterHiringPercent: 80,
  jobBoards: '75+',
  jobBoardPostingValueUsd: 399,
  matchRating: { min: 1, max: 10 },
  candidateProfiles: '1 billion+',
  cities: '20+',
  placements: '50,000',
  clients: '7,000',
  firmYears: '40+',
  demoMinutes: 30,
} as const;

export const EMAIL_LIBRARY_VERSION = '3.2.0';

export const VERSION_CHECK = {
  intervalMs: 2 * 60 * 1000,
} as const;

/** Keys the web app keeps in the browser's local storage; the names stay fixed so stored data survives upgrades. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  idToken: 'idToken',
  refreshToken: 'refreshToken',
  referral: 'referral',
  adminToken: 'admin_api_token',
  appVersion: 'app_version',
  blogList: 'blog_posts_cache',
} as const;
