import type { CodeDeliveryDetailsType } from '@aws-sdk/client-cognito-identity-provider';
import type { OutgoingMail } from '../mail/mailer.ts';
import { attemptLimit } from './errors.ts';
import { providerLabel } from './oauth2/federated-user.ts';
import type { IdentityService } from './service.ts';
import { timedSend, unknownUserLimits, type CodeSendOutcome } from './unknown-user-limits.ts';
import type { UserRow } from './users.ts';
import { deliveryDetails } from './verification.ts';

/** The account the mail is about: its address, and whether it has a password or only a provider. */
type AccountHolder = Pick<UserRow, 'email' | 'password_hash' | 'identities'>;

/** How the holder signs in at `url`: a Google or Microsoft account has no password to reset. */
function howToSignIn(holder: AccountHolder, url: string): string {
  const provider = holder.password_hash === null ? holder.identities?.[0]?.providerName : undefined;
  return provider === undefined
    ? `Sign in at ${url}, or reset your password there if you forgot it.`
    : `Sign in at ${url} with ${providerLabel(provider)}, as before.`;
}

/**
 * What goes to an account's owner instead of a sign-up code: no code, no password, a link to the
 * site, and how they sign in there.
 */
function accountExistsMail(holder: AccountHolder, publicUrl: string): OutgoingMail {
  const url = `${publicUrl}/`;
  return {
    to: holder.email,
    subject: 'You already have a HireAssist account',
    text:
      `Someone, perhaps you, tried to sign up for HireAssist with this email address. ` +
      `You already have an account with it, and nothing about it has changed. ` +
      `${howToSignIn(holder, url)} If it was not you, you can ignore this mail.`,
    kind: 'account-exists',
    templateParams: { url },
  };
}

/**
 * What goes to an account's owner instead of the code that would make their address another
 * account's sign-in address (UpdateUserAttributes, GetUserAttributeVerificationCode): the
 * signed-in user who asked is answered as for a free address, and waits for a code that this
 * mail replaces, so the answer tells nobody that the address has an account.
 */
export function addressInUseMail(holder: AccountHolder, publicUrl: string): OutgoingMail {
  const url = `${publicUrl}/`;
  return {
    to: holder.email,
    subject: 'Your email address is already a HireAssist sign-in',
    text:
      `Someone signed in to a HireAssist account, perhaps you, asked to use this email address for it. ` +
      `It is already the sign-in address of your account, so no code was sent and nothing has changed. ` +
      `${howToSignIn(holder, url)} If it was not you, you can ignore this mail.`,
    kind: 'address-in-use',
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
export async function mailAccountExists(
  service: IdentityService,
  holder: AccountHolder,
  paced: boolean,
): Promise<CodeSendOutcome> {
  const outcome = await unknownUserLimits(service).allowCodeSend(holder.email, 'signup', service.clock.now(), paced);
  if (outcome === 'send') await service.mailer.enqueue(accountExistsMail(holder, service.publicUrl));
  return outcome;
}

/** ResendConfirmationCode for such an account: answered, refused and timed as a code send. */
export function resendAsAccountExists(
  service: IdentityService,
  holder: AccountHolder,
  paced: boolean,
): Promise<CodeDeliveryDetailsType> {
  return timedSend(service, async () => {
    const outcome = await mailAccountExists(service, holder, paced);
    if (outcome === 'refuse') throw attemptLimit();
    return { details: deliveryDetails(holder.email), mailed: outcome === 'send' };
  });
}
