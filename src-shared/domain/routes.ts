/**
 * Every page of the web app. The browser's router and the server (which answers unknown
 * pages with a real 404 status) both read this list, so they cannot disagree.
 */
export const PATHS = {
  home: '/',
  features: '/features',
  howItWorks: '/how-it-works',
  testimonials: '/testimonials',
  pricing: '/pricing',
  blog: '/blog',
  blogPost: '/blog/:slug',
  contact: '/contact',
  careers: '/careers',
  about: '/aboutus',
  press: '/press',
  signup: '/signup',
  affiliates: '/affiliates',
  dashboard: '/dashboard',
  profile: '/profile',
  subscription: '/subscription',
  settings: '/settings',
  security: '/security',
  adminLeads: '/admin/leads',
  adminUsers: '/admin/users',
  adminAudit: '/admin/audit',
  adminOutbox: '/admin/outbox',
  adminAffiliates: '/admin/affiliates',
} as const;

export type PagePath = (typeof PATHS)[keyof typeof PATHS];

/**
 * A link that opens the sign-in dialog on its password-reset step: the pool's own sign-in page
 * (server) sends a user who forgot their password here, and the web app opens the dialog.
 */
export const AUTH_DIALOG_QUERY = { name: 'auth', forgotPassword: 'forgot-password' } as const;
export const FORGOT_PASSWORD_LINK = `${PATHS.home}?${AUTH_DIALOG_QUERY.name}=${AUTH_DIALOG_QUERY.forgotPassword}`;

/**
 * The public pages with a fixed address: what the sitemap lists for search engines (account
 * and admin pages stay out) and what the browser walk-through visits.
 */
export const PUBLIC_PAGE_PATHS: readonly PagePath[] = [
  PATHS.home,
  PATHS.features,
  PATHS.howItWorks,
  PATHS.testimonials,
  PATHS.pricing,
  PATHS.blog,
  PATHS.contact,
  PATHS.careers,
  PATHS.about,
  PATHS.press,
  PATHS.affiliates,
];

export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

const PATTERNS = Object.values(PATHS).map((pattern) => ({ pattern, parts: pattern.split('/') }));

/** The page pattern (a PATHS value) that `pathname` is, if any (a trailing slash is tolerated). */
export function pagePatternOf(pathname: string): PagePath | undefined {
  const segments = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  return PATTERNS.find(
    ({ parts }) =>
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  )?.pattern;
}
