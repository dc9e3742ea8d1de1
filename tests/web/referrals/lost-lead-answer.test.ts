import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { userFromIdToken, type IdTokenClaims } from '../../../src-shared/domain/accounts/user.ts';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { afterSignUp } from '../../../src-web/features/auth/after-sign-up.ts';
import type { PartnerStackTracker } from '../../../src-web/features/referrals/partnerstack.ts';
import { captureReferral, storedReferral } from '../../../src-web/features/referrals/referral-storage.ts';
import { startIdentityServer, type IdentityTestServer } from '../../server/identity/support.ts';

/**
 * The web app's reports after a sign-up (its lead, then its referral) against the real server,
 * when the network drops the lead's 201 after the server recorded it: the report is sent again,
 * answered 200, and the referral must still be recorded, once.
 */
let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.growsumo;
});

/** The real fetch, to the real server (the stubs below stand for the browser's). */
const toServer = globalThis.fetch;

const withPartnerStack = async () => ({ accounts: { partnerStackPublicKey: 'pk_live' } }) as PublicConfig;

/** The browser's fetch to the real server, whose first answer to `lostPath` the network loses (once the server has acted on it). */
function networkLosingFirstAnswerTo(lostPath: string): string[] {
  const asked: string[] = [];
  let lost = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      asked.push(path);
      const response = await toServer(`${t.server.url}${path}`, init);
      if (path === lostPath && !lost) {
        lost = true;
        throw new TypeError('Failed to fetch');
      }
      return response;
    }),
  );
  return asked;
}

it('a sign-up lead whose 201 the network lost is sent again, and the referral still reaches the server and PartnerStack, once', async () => {
  const email = 'lost-answer@example.com';
  await t.createUser(email);
  const idToken = (await t.signIn(email)).IdToken;
  const nextSignIn = (await t.signIn(email)).IdToken;
  const claims = decodeJwt(idToken) as IdTokenClaims;
  const user = userFromIdToken(claims);
  const referralsOfUser = () =>
    t.server.app.database.db
      .selectFrom('account_referrals')
      .select(['partner_id', 'attributed'])
      .where('user_sub', '=', claims.sub)
      .execute();

  const asked = networkLosingFirstAnswerTo('/api/signup-leads');
  const tracker: PartnerStackTracker = { data: {}, createSignup: vi.fn(), _trackEvent: vi.fn() };
  window.growsumo = tracker;
  captureReferral('?ps_partner_key=partner-1');
  await afterSignUp(user, idToken, 'hero_cta', '', withPartnerStack);
  expect(asked).toEqual(['/api/signup-leads', '/api/signup-leads', '/api/referrals']);
  expect(await referralsOfUser()).toEqual([{ partner_id: 'partner-1', attributed: true }]);
  expect(tracker.createSignup).toHaveBeenCalledOnce();
  expect(storedReferral()).toBeNull();

  // The same customer signs in again minutes later, through another partner's link: their
  // sign-up is attributed already, so nothing more is sent or credited.
  const again = networkLosingFirstAnswerTo('/none');
  captureReferral('?ps_partner_key=partner-2');
  await afterSignUp(user, nextSignIn, 'auth_dialog', '', withPartnerStack);
  expect(again).toEqual(['/api/signup-leads']);
  expect(await referralsOfUser()).toEqual([{ partner_id: 'partner-1', attributed: true }]);
  expect(tracker.createSignup).toHaveBeenCalledOnce();
});
