import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userFromIdToken, type IdTokenClaims } from '../../../src-shared/domain/accounts/user.ts';
import { asGoogle, startOpenIdStandIn, type OpenIdStandIn, type StandInLogin } from '../../support/openid-stand-in.ts';
import { hostedSignIn } from '../../support/hosted-browser.ts';
import { CLIENT_ID, PASSWORD, failure, signUpWith, startIdentityServer, type IdentityTestServer } from './support.ts';

/**
 * Which federated sign-ins may create, link or reach an account: verified and unverified
 * addresses × new and existing accounts × Google's and Microsoft's claim shapes, against a
 * real OpenID provider (oidc-provider) on loopback standing in for both providers.
 */
let t: IdentityTestServer;
let upstream: OpenIdStandIn;
let nextLogin: StandInLogin = { accountId: 'none' };

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  // Google: email_verified is what Google says about the address.
  'g-new-verified': { email: 'new.google@example.com', email_verified: true, given_name: 'Nia' },
  'g-new-unverified': { email: 'unverified.google@example.com', email_verified: false },
  'g-existing-verified': { email: 'linda@example.com', email_verified: true },
  'g-existing-unverified': { email: 'linda@example.com', email_verified: false },
  'g-victim': { email: 'victim@corp.example', email_verified: true, given_name: 'Vic' },
  'g-owner-of-squatted': { email: 'squatted@example.com', email_verified: true },
  'g-other-unverified-holder': { email: 'admin-made@example.com', email_verified: true },
  // Microsoft: `email` is whatever the tenant typed; only xms_edov or email_verified vouch for it.
  'm-new-edov': { email: 'new.ms@corp.example', xms_edov: true, given_name: 'Mo' },
  'm-new-email-verified': { email: 'new.ms2@corp.example', email_verified: true },
  'm-new-plain': { email: 'plain.ms@corp.example' },
  'm-new-edov-false': { email: 'false.ms@corp.example', xms_edov: false, email_verified: false },
  'm-existing-edov': { email: 'martin@example.com', xms_edov: true },
  'm-existing-plain': { email: 'martin@example.com' },
  'm-attacker': { email: 'victim@corp.example', email_verified: false },
};

beforeAll(async () => {
  upstream = await startOpenIdStandIn({ accounts: ACCOUNTS, nextLogin: () => nextLogin });
  const google = asGoogle(upstream);
  t = await startIdentityServer({
    ...google,
    // One stand-in plays both providers: its accounts carry each provider's claim shape.
    AZUREAD_CLIENT_ID: google.GOOGLE_CLIENT_ID,
    AZUREAD_CLIENT_SECRET: google.GOOGLE_CLIENT_SECRET,
    AZUREAD_DISCOVERY_URL: google.GOOGLE_DISCOVERY_URL,
    IDENTITY_ALLOWED_REDIRECT_URIS: 'http://app.example',
  });
  upstream.accept(`${t.server.config.publicUrl}/cognito/oauth2/idpresponse`);
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

type Outcome = { error: string; description: string } | { id: Record<string, unknown> };

/** A whole hosted sign-in as the web app makes it: authorize with PKCE, the provider, the code exchange. */
async function federate(provider: 'Google' | 'AzureAD', accountId: string): Promise<Outcome> {
  nextLogin = { accountId };
  const outcome = await hostedSignIn(t.server, { provider });
  return 'tokens' in outcome ? { id: decodeJwt(outcome.tokens.id_token ?? '') } : outcome;
}

async function signedIn(provider: 'Google' | 'AzureAD', accountId: string): Promise<Record<string, unknown>> {
  const outcome = await federate(provider, accountId);
  if (!('id' in outcome)) throw new Error(`refused: ${outcome.description}`);
  return outcome.id;
}

const usersWithEmail = (email: string) =>
  t.server.app.database.db
    .selectFrom('identity_users')
    .select(['sub', 'username', 'email_verified', 'identities'])
    .where('email', '=', email)
    .execute();

const MS_UNVERIFIED = {
  error: 'access_denied',
  description:
    'Microsoft has not verified the email address of this account. Sign in with your email address and password instead.',
};
const GOOGLE_UNVERIFIED = { ...MS_UNVERIFIED, description: MS_UNVERIFIED.description.replace('Microsoft', 'Google') };

describe('federated sign-in: new accounts', () => {
  it('Google, verified: creates google_<sub> with a verified email', async () => {
    const id = await signedIn('Google', 'g-new-verified');
    expect(id).toMatchObject({ 'cognito:username': 'google_g-new-verified', email_verified: true, given_name: 'Nia' });
    // The web app treats it as a Google account: no password, the profile belongs to Google.
    expect(userFromIdToken(id as unknown as IdTokenClaims).socialProvider).toBe('google');
  });

  it('Google, unverified: refused, and no account holds the address', async () => {
    expect(await federate('Google', 'g-new-unverified')).toEqual(GOOGLE_UNVERIFIED);
    expect(await usersWithEmail('unverified.google@example.com')).toEqual([]);
  });

  it('Microsoft with xms_edov (the tenant owns the domain), or email_verified: creates azuread_<sub>, verified', async () => {
    expect(await signedIn('AzureAD', 'm-new-edov')).toMatchObject({
      'cognito:username': 'azuread_m-new-edov',
      email_verified: true,
    });
    expect(await signedIn('AzureAD', 'm-new-email-verified')).toMatchObject({
      'cognito:username': 'azuread_m-new-email-verified',
      email_verified: true,
    });
  });

  it('Microsoft with a bare email claim, or claims that say false: refused, nothing stored', async () => {
    expect(await federate('AzureAD', 'm-new-plain')).toEqual(MS_UNVERIFIED);
    expect(await federate('AzureAD', 'm-new-edov-false')).toEqual(MS_UNVERIFIED);
    expect(await usersWithEmail('plain.ms@corp.example')).toEqual([]);
    expect(await usersWithEmail('false.ms@corp.example')).toEqual([]);
  });

  it('a known provider account signs in to its own account again', async () => {
    const first = await signedIn('AzureAD', 'm-new-edov');
    const again = await signedIn('AzureAD', 'm-new-edov');
    expect(again.sub).toBe(first.sub);
  });
});

describe('federated sign-in: an existing password account with the same address', () => {
  beforeAll(async () => {
    await t.createUser('linda@example.com');
    await t.createUser('martin@example.com');
  });

  it('Google, unverified: refused with the same answer as for a free address, and not linked', async () => {
    expect(await federate('Google', 'g-existing-unverified')).toEqual(GOOGLE_UNVERIFIED);
    expect((await usersWithEmail('linda@example.com'))[0]?.identities).toBeNull();
  });

  it('Google, verified: linked to the verified account (same sub as the password sign-in)', async () => {
    const id = await signedIn('Google', 'g-existing-verified');
    const password = decodeJwt((await t.signIn('linda@example.com')).IdToken);
    expect(id.sub).toBe(password.sub);
    expect(id.identities).toEqual([expect.objectContaining({ providerName: 'Google', userId: 'g-existing-verified' })]);
    // Both tokens name Google in `identities`; the web app still sees a password account.
    expect(password.identities).toEqual(id.identities);
    for (const claims of [id, password]) expect(userFromIdToken(claims as unknown as IdTokenClaims).socialProvider).toBeNull();
  });

  it('Microsoft without a vouching claim: refused, and not linked', async () => {
    expect(await federate('AzureAD', 'm-existing-plain')).toEqual(MS_UNVERIFIED);
    expect((await usersWithEmail('martin@example.com'))[0]?.identities).toBeNull();
  });

  it('Microsoft with xms_edov: linked to the verified account', async () => {
    const id = await signedIn('AzureAD', 'm-existing-edov');
    expect(id.sub).toBe(decodeJwt((await t.signIn('martin@example.com')).IdToken).sub);
    expect(id.identities).toEqual([expect.objectContaining({ providerName: 'AzureAD', providerType: 'OIDC' })]);
  });

  it('an unconfirmed sign-up (a password nobody proved the address for) gives way to the verified owner', async () => {
    // Someone signs up with the owner's address and a password of their own, and never confirms.
    await t.signUp('squatted@example.com');
    const id = await signedIn('Google', 'g-owner-of-squatted');
    expect(id).toMatchObject({ 'cognito:username': 'google_g-owner-of-squatted', email_verified: true });
    const [owner, ...others] = await usersWithEmail('squatted@example.com');
    expect(others).toEqual([]);
    expect(owner?.username).toBe('google_g-owner-of-squatted');
    // The squatter's password does not reach the owner's account.
    const refused = await failure(
      t.client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'squatted@example.com', PASSWORD },
        }),
      ),
    );
    expect(refused.name).toBe('NotAuthorizedException');
  });

  it('a confirmed account whose address is not verified is never linked, even from a verified sign-in', async () => {
    await t.createUser('admin-made@example.com');
    await t.server.app.database.db
      .updateTable('identity_users')
      .set({ email_verified: false })
      .where('email', '=', 'admin-made@example.com')
      .execute();
    const outcome = await federate('Google', 'g-other-unverified-holder');
    expect(outcome).toEqual({
      error: 'access_denied',
      description:
        'An account with this email address already exists. Sign in with your email address and password, then try Google again.',
    });
    expect((await usersWithEmail('admin-made@example.com'))[0]?.identities).toBeNull();
  });
});

describe('the pre-account takeover of issue 21 stays closed', () => {
  it("an attacker's unverified Microsoft sign-in never reaches the victim's account", async () => {
    // 1. The attacker signs in with a Microsoft account claiming the victim's address, unverified.
    expect(await federate('AzureAD', 'm-attacker')).toEqual(MS_UNVERIFIED);
    expect(await usersWithEmail('victim@corp.example')).toEqual([]);
    // 2. The victim signs in with Google, which has verified the address.
    const victim = await signedIn('Google', 'g-victim');
    expect(victim).toMatchObject({ 'cognito:username': 'google_g-victim', email_verified: true });
    expect(victim.identities).toEqual([expect.objectContaining({ providerName: 'Google' })]);
    // 3. The attacker's next Microsoft sign-in is refused: it never lands on the victim's account.
    expect(await federate('AzureAD', 'm-attacker')).toEqual(MS_UNVERIFIED);
    const [account, ...others] = await usersWithEmail('victim@corp.example');
    expect(others).toEqual([]);
    expect(account?.identities).toEqual([expect.objectContaining({ providerName: 'Google', userId: 'g-victim' })]);
  });
});

describe('a sign-up with the address of a Google or Microsoft account', () => {
  it('mails its owner to sign in with that provider, not to reset a password the account never had', async () => {
    await signedIn('Google', 'g-new-verified');
    await signUpWith(t.client, 'new.google@example.com', { password: 'Stranger-Pass-1' });
    const mail = await t.server.app.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'text_body'])
      .where('to_address', '=', 'new.google@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('account-exists');
    expect(mail.text_body).toContain(`Sign in at ${t.server.config.publicUrl}/ with Google, as before.`);
    expect(mail.text_body).not.toContain('reset your password');
    // Still a Google account alone: the stranger's password set nothing.
    expect(await usersWithEmail('new.google@example.com')).toEqual([
      expect.objectContaining({ username: 'google_g-new-verified' }),
    ]);
    expect(await failure(t.signIn('new.google@example.com', 'Stranger-Pass-1'))).toMatchObject({
      name: 'NotAuthorizedException',
    });
  });
});
