import type { CodeDeliveryDetailsType } from '@aws-sdk/client-cognito-identity-provider';
import type { OutgoingMail } from '../mail/mailer.ts';
import { attemptLimit } from './errors.ts';
import type { IdentityService } from './service.ts';
import { timedSend, unknownUserLimits, type CodeSendOutcome } from './unknown-user-limits.ts';
import { deliveryDetails } from './verification.ts';

/** What goes to an account's owner instead of a sign-up code: no code, no password, a link to the site. */
function accountExistsMail(to: string, publicUrl: string): OutgoingMail {
  const url = `${publicUrl}/`;
  return {
    to,
    subject: 'You already have a HireAssist account',
    text:
      `Someone, perhaps you, tried to sign up for HireAssist with this email address. ` +
      `You already have an account with it, and nothing about it has changed. ` +
      `Sign in at ${url}, or reset your password there if you forgot it. If it was not you, you can ignore this mail.`,
    kind: 'account-exists',
    templateParams: { url },
  };
}

/**
 * A sign-up code asked for (SignUp, ResendConfirmationCode) for an address whose account is
 * past sign-up: its owner is mailed that they have one, as a code would be mailed, so the
 * answer and the work tell nobody that the account exists. The mails are counted and paced as
 * codes are, in the limits a name that is no account has (unknown-user-limits.ts), which its
 * wrong codes (ConfirmSignUp) count in too.
 */
export async function mailAccountExists(service: IdentityService, email: string, paced: boolean): Promise<CodeSendOutcome> {
  const outcome = await unknownUserLimits(service).allowCodeSend(email, 'signup', service.clock.now(), paced);
  if (outcome === 'send') await service.mailer.enqueue(accountExistsMail(email, service.publicUrl));
  return outcome;
}

/** ResendConfirmationCode for such an account: answered, refused and timed as a code send. */
export function resendAsAccountExists(service: IdentityService, email: string, paced: boolean): Promise<CodeDeliveryDetailsType> {
  return timedSend(service, async () => {
    const outcome = await mailAccountExists(service, email, paced);
    if (outcome === 'refuse') throw attemptLimit();
    return { details: deliveryDetails(email), mailed: outcome === 'send' };
  });
}
