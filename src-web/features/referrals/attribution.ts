import type { User } from '../../../src-shared/domain/accounts/user.ts';
import { recordReferral } from '../auth/accounts-api.ts';
import { loadPartnerStack } from './partnerstack.ts';
import { clearReferral, storedReferral } from './referral-storage.ts';

/**
 * After a confirmed sign-up: the stored referral goes with the user to our server and, when
 * configured, to PartnerStack (with an email_verified event); then it is cleared. Failures
 * are logged and never block the sign-up (tests/web/accounts/referrals.test.ts).
 */
export async function attributeSignUp(
  user: User,
  idToken: string,
  phoneDigits: string,
  partnerStackKey: string | null,
): Promise<void> {
  const referral = storedReferral();
  if (!referral) return;
  try {
    await recordReferral({ idToken, referral });
  } catch (error) {
    console.warn('Referral could not be recorded', error);
  }
  if (partnerStackKey) {
    try {
      const tracker = await loadPartnerStack(partnerStackKey);
      if (tracker) {
        tracker.data = {
          ...tracker.data,
          name: user.name,
          email: user.email,
          first_name: user.givenName,
          last_name: user.familyName,
          phone: phoneDigits || undefined,
          customer_key: user.email,
          referral_key: referral.referralKey,
          partner_key: referral.partnerId,
          campaign_key: referral.campaignId,
        };
        tracker.createSignup();
        tracker._trackEvent?.('email_verified');
      } else console.warn('PartnerStack did not load within 5 s; sign-up not tracked there');
    } catch (error) {
      console.warn('PartnerStack tracking failed', error);
    }
  }
  clearReferral();
}
