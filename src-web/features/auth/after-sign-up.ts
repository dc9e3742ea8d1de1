import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';
import type { User } from '../../../src-shared/domain/accounts/user.ts';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { attributeSignUp } from '../referrals/attribution.ts';
import { recordSignUpLead } from './accounts-api.ts';

/**
 * What follows a confirmed sign-up, in the background: the lead with where it started,
 * and the referral attribution. Failures are logged only; the user is already signed in.
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
  await recordSignUpLead({ idToken, source }).catch((error: unknown) => console.warn('Sign-up lead not recorded', error));
  const config = await publicConfig().catch(() => null);
  await attributeSignUp(user, idToken, phoneDigits, config?.accounts?.partnerStackPublicKey ?? null);
}
