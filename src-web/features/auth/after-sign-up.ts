import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';
import type { User } from '../../../src-shared/domain/accounts/user.ts';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { attributeSignUp } from '../referrals/attribution.ts';
import { recordSignUpLead } from './accounts-api.ts';

/**
 * What follows a confirmed sign-up, in the background: the lead with where it started,
 * and the referral attribution. Failures are logged only; the user is already signed in.
 * Every Google or Microsoft sign-in comes here too, as the first is the account's sign-up: the
 * server keeps one lead per account, and answers 201 only to the report that recorded it (or a
 * 200 saying `signingUp` to that report sent again after its 201 was lost). Only then is this a
 * sign-up, and only then does the referral follow (to our server and to PartnerStack): a
 * returning customer who once followed a partner's link credits nobody. (A
 * lead that could not be recorded is no sign-up to the server either: it would refuse the referral.)
 * The caller hands over the public configuration's loader (loadPublicConfig): imported here,
 * from a chunk the entry also loads on demand (a social sign-in's return), it split React
 * out of the entry's chunk, a first-load request more on every page.
 */
export async function afterSignUp(
  user: User,
  idToken: string,
  source: SignUpSource,
  phoneDigits: string,
  publicConfig: () => Promise<PublicConfig>,
): Promise<void> {
  const signedUp = await recordSignUpLead({ idToken, source }).catch((error: unknown) => {
    console.warn('Sign-up lead not recorded', error);
    return false;
  });
  if (!signedUp) return;
  const config = await publicConfig().catch(() => null);
  await attributeSignUp(user, idToken, phoneDigits, config?.accounts?.partnerStackPublicKey ?? null);
}
