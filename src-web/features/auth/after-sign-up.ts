import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';
import type { User } from '../../../src-shared/domain/accounts/user.ts';
import { attributeSignUp } from '../referrals/attribution.ts';
import { recordSignUpLead } from './accounts-api.ts';
import { loadPublicConfig } from '../../components/public-config.ts';

/**
 * What follows a confirmed sign-up, in the background: the lead with where it started,
 * and the referral attribution. Failures are logged only; the user is already signed in.
 */
export async function afterSignUp(user: User, idToken: string, source: SignUpSource, phoneDigits: string): Promise<void> {
  await recordSignUpLead({ idToken, source }).catch((error: unknown) => console.warn('Sign-up lead not recorded', error));
  const config = await loadPublicConfig().catch(() => null);
  await attributeSignUp(user, idToken, phoneDigits, config?.accounts?.partnerStackPublicKey ?? null);
}
