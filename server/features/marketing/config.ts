import { quote, type EnvReader } from '../../config/env-reader.ts';
import type { MarketingPublicConfig } from '../../../src-shared/domain/public-config.ts';

/**
 * The marketing site's third parties: the intro video, the job portal and Stripe's pricing
 * table. All of it is public (a publishable key is meant for browsers), so the same object
 * goes to `/api/config`; the server also derives the CSP origins these need from it.
 */
export type MarketingConfig = MarketingPublicConfig;

/** Loaded only when a visitor clicks the poster, so a default costs nothing until then. */
const DEFAULT_INTRO_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/aircAruvnKk';
const DEFAULT_CAREERS_PORTAL_URL = 'https://careers.hireassist.ai/jobs';

/** Reads the marketing section of the configuration; problems go to `read.problems`. */
export function readMarketingConfig(read: EnvReader): MarketingConfig {
  const introVideoUrl = read.url('INTRO_VIDEO_URL', ['https'])?.href ?? DEFAULT_INTRO_VIDEO_URL;
  const careersPortalUrl = read.url('CAREERS_PORTAL_URL', ['https'])?.href ?? DEFAULT_CAREERS_PORTAL_URL;

  const pricingTableId = read.optional('STRIPE_PRICING_TABLE_ID');
  const publishableKey = read.optional('STRIPE_PUBLISHABLE_KEY');
  if (pricingTableId && !/^prctbl_[A-Za-z0-9]+$/.test(pricingTableId)) {
    read.problems.push(`STRIPE_PRICING_TABLE_ID must look like prctbl_... (got ${quote(pricingTableId)})`);
  }
  if (publishableKey && !/^pk_(live|test)_[A-Za-z0-9]+$/.test(publishableKey)) {
    // Never echo the value: a secret key pasted here by mistake must not reach the logs.
    read.problems.push('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_live_... or pk_test_...)');
  }
  if (pricingTableId && !publishableKey) {
    read.problems.push(
      'STRIPE_PUBLISHABLE_KEY is missing: Stripe’s pricing table needs both STRIPE_PRICING_TABLE_ID and STRIPE_PUBLISHABLE_KEY',
    );
  }
  if (publishableKey && !pricingTableId) {
    read.problems.push(
      'STRIPE_PRICING_TABLE_ID is missing: Stripe’s pricing table needs both STRIPE_PRICING_TABLE_ID and STRIPE_PUBLISHABLE_KEY',
    );
  }
  return {
    introVideoUrl,
    careersPortalUrl,
    stripePricingTable: pricingTableId && publishableKey ? { pricingTableId, publishableKey } : null,
  };
}

/** The origins the browser must be allowed to reach for these features (Content-Security-Policy). */
export function marketingContentSources(config: MarketingConfig): { script: string[]; connect: string[]; frame: string[] } {
  const stripe = config.stripePricingTable ? ['https://js.stripe.com'] : [];
  return {
    script: stripe,
    // The Jobs page probes the portal's origin to show its fallback when it is unreachable.
    connect: [new URL(config.careersPortalUrl).origin],
    frame: [...new Set([new URL(config.introVideoUrl).origin, new URL(config.careersPortalUrl).origin, ...stripe])],
  };
}
