import { AFFILIATE_PROGRAM } from '../../../src-shared/domain/constants.ts';

/** The affiliates page's copy; tiers and rates come from src-shared/domain/constants.ts. */

export const HERO_CHIPS = [`Up to $${AFFILIATE_PROGRAM.maxEarningPerSaleUsd} per Sale`, 'Recurring Revenue', 'No Earning Limits'];

/** The bonus list per tier: the product names one without its contents, so these are ours. */
export const TIER_BONUSES: Record<(typeof AFFILIATE_PROGRAM.tiers)[number]['name'], string[]> = {
  'Bronze Partner': ['Personal referral link and dashboard', 'Ready-made banners and email copy', 'Monthly payouts'],
  'Silver Partner': ['Everything in Bronze', '$100 bonus for every 10th referral', 'Priority partner support'],
  'Gold Partner': [
    'Everything in Silver',
    'Dedicated partner manager',
    'Co-branded landing pages',
    'Quarterly performance bonus',
  ],
};

export const WHY_JOIN = [
  {
    title: 'Generous commissions',
    description: `Earn up to $${AFFILIATE_PROGRAM.maxEarningPerSaleUsd} per sale, with your rate rising as your referrals grow.`,
  },
  {
    title: 'Recurring revenue',
    description: 'Get paid for as long as the teams you refer keep hiring with HireAssist.',
  },
  {
    title: 'A product that sells itself',
    description: 'AI that searches 1 billion+ profiles and helps teams hire 80% faster is an easy recommendation.',
  },
  {
    title: 'Backed by recruiting experts',
    description: 'A recruiting firm with 40+ years of experience stands behind every plan your audience buys.',
  },
  {
    title: 'Marketing support',
    description: 'Banners, email templates and product guides so you can start promoting on day one.',
  },
  {
    title: 'Transparent tracking',
    description: 'See every click, sign-up and commission in real time in your partner dashboard.',
  },
];

export const REQUIREMENTS = [
  'An audience of employers, recruiters, HR professionals or business owners',
  'A website, newsletter, community or social presence where you share professional content',
  'Honest promotion: no spam, no misleading claims, no bidding on our brand name',
  'A valid payout method and the details we need for tax reporting',
];

export const HOW_IT_WORKS = [
  { title: 'Apply', description: 'Fill in the application below. It takes about two minutes.' },
  {
    title: 'Get approved',
    description: `Our affiliate team reviews applications within ${AFFILIATE_PROGRAM.reviewBusinessDays} business days.`,
  },
  { title: 'Share your link', description: 'Promote HireAssist with your personal referral link and our ready-made materials.' },
  { title: 'Earn commissions', description: 'Get paid for every sale you refer, every month, with no earning limits.' },
];
