import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/config.ts';
import { accountsContentSources, publicAccountsConfig } from '../../../server/features/accounts/config.ts';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('accounts configuration', () => {
  it('is all optional', () => {
    const { accounts } = loadConfig({});
    expect(publicAccountsConfig(accounts)).toEqual({
      signupEmbedUrl: null,
      partnerStackPublicKey: null,
      customerPortalUrl: null,
      partnerPlatform: false,
    });
    expect(accountsContentSources(accounts)).toEqual({ script: [], connect: [], frame: [] });
  });

  it('needs the partner URL and secret together, and a long secret', () => {
    expect(problems({ PARTNER_PLATFORM_URL: 'https://partners.example' })).toContain(
      'PARTNER_PLATFORM_URL and PARTNER_SSO_SECRET must be set together (or neither)',
    );
    expect(problems({ PARTNER_PLATFORM_URL: 'https://partners.example', PARTNER_SSO_SECRET: 'short' })).toContain(
      'PARTNER_SSO_SECRET must be at least 32 characters',
    );
  });

  it('opens the CSP to the sign-up embed and PartnerStack only when configured', () => {
    const { accounts } = loadConfig({ SIGNUP_EMBED_URL: 'https://app.example/signup', PARTNERSTACK_PUBLIC_KEY: 'pk_123' });
    expect(accountsContentSources(accounts)).toEqual({
      script: ['https://snippet.growsumo.com'],
      connect: ['https://snippet.growsumo.com', 'https://app.example'],
      frame: ['https://app.example'],
    });
    expect(publicAccountsConfig(accounts)).toMatchObject({
      signupEmbedUrl: 'https://app.example/signup',
      partnerStackPublicKey: 'pk_123',
    });
  });

  it('rejects a malformed customer portal address', () => {
    expect(problems({ STRIPE_CUSTOMER_PORTAL_URL: 'not a url' }).join(' ')).toContain('STRIPE_CUSTOMER_PORTAL_URL');
  });
});
