import type { EnvReader } from '../../config/env-reader.ts';
import type { AccountsPublicConfig } from '../../../src-shared/domain/public-config.ts';
import type { ContentSources } from '../../http/security-headers.ts';

export interface AccountsConfig {
  /** The partner platform that 'Access Platform' signs customers in to, with the shared secret of its assertions. */
  partnerSso: { platformUrl: string; secret: string } | undefined;
  /** PartnerStack's public key (a public value: it goes to the browser). */
  partnerStackPublicKey: string | undefined;
  /** The external application's sign-up form embedded on /signup. */
  signupEmbedUrl: string | undefined;
  /** Stripe's customer portal, linked from /subscription. */
  customerPortalUrl: string | undefined;
}

/** The shortest PARTNER_SSO_SECRET accepted: it signs assertions (HS256) the platform trusts. */
const MIN_PARTNER_SSO_SECRET_LENGTH = 32;

/** The PartnerStack script's origin (its loader, src-web/features/referrals/partnerstack.ts). */
const PARTNERSTACK_SCRIPT_ORIGIN = 'https://snippet.growsumo.com';

/** Reads the customer accounts section of the configuration (documented in .env.example). */
export function readAccountsConfig(read: EnvReader): AccountsConfig {
  const platformUrl = read.url('PARTNER_PLATFORM_URL', ['https', 'http']);
  const secret = read.optional('PARTNER_SSO_SECRET');
  if ((read.optional('PARTNER_PLATFORM_URL') === undefined) !== (secret === undefined)) {
    read.problems.push('PARTNER_PLATFORM_URL and PARTNER_SSO_SECRET must be set together (or neither)');
  }
  if (secret !== undefined && secret.length < MIN_PARTNER_SSO_SECRET_LENGTH) {
    read.problems.push(`PARTNER_SSO_SECRET must be at least ${MIN_PARTNER_SSO_SECRET_LENGTH} characters`);
  }
  const partnerStackPublicKey = read.optional('PARTNERSTACK_PUBLIC_KEY');
  if (partnerStackPublicKey !== undefined && !/^[\w-]{1,200}$/.test(partnerStackPublicKey)) {
    read.problems.push('PARTNERSTACK_PUBLIC_KEY must be letters, digits, "_" or "-"');
  }
  return {
    partnerSso: platformUrl && secret ? { platformUrl: platformUrl.href, secret } : undefined,
    partnerStackPublicKey,
    signupEmbedUrl: read.url('SIGNUP_EMBED_URL', ['https', 'http'])?.href,
    customerPortalUrl: read.url('STRIPE_CUSTOMER_PORTAL_URL', ['https'])?.href,
  };
}

/** What the browser may load for accounts: the sign-up iframe and PartnerStack's script. */
export function accountsContentSources(config: AccountsConfig): Partial<ContentSources> {
  const partnerStack = config.partnerStackPublicKey ? [PARTNERSTACK_SCRIPT_ORIGIN] : [];
  const signup = config.signupEmbedUrl ? [new URL(config.signupEmbedUrl).origin] : [];
  return {
    script: partnerStack,
    // The sign-up page probes the embedded form's origin to show its fallback when it is unreachable.
    connect: [...partnerStack, ...signup],
    frame: signup,
  };
}

/** The public half, for GET /api/config: never the SSO secret. */
export function publicAccountsConfig(config: AccountsConfig): AccountsPublicConfig {
  return {
    signupEmbedUrl: config.signupEmbedUrl ?? null,
    partnerStackPublicKey: config.partnerStackPublicKey ?? null,
    customerPortalUrl: config.customerPortalUrl ?? null,
    partnerPlatform: config.partnerSso !== undefined,
  };
}
