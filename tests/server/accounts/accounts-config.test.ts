import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/config.ts';
import { configProblems } from '../../support/config-problems.ts';
import { accountsContentSources, publicAccountsConfig } from '../../../server/features/accounts/config.ts';

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
    expect(configProblems({ PARTNER_PLATFORM_URL: 'https://partners.example' })).toContain(
      'PARTNER_PLATFORM_URL and PARTNER_SSO_SECRET must be set together (or neither)',
    );
    expect(configProblems({ PARTNER_PLATFORM_URL: 'https://partners.example', PARTNER_SSO_SECRET: 'short' })).toContain(
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
    expect(configProblems({ STRIPE_CUSTOMER_PORTAL_URL: 'not a url' }).join(' ')).toContain('STRIPE_CUSTOMER_PORTAL_URL');
  });
});
