import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { ServerRefusal } from './retry-transient.ts';

/** The product's own words for a refusal, by the service's error name, where the service's would mislead. */
export type OwnWords = Partial<Record<string, string>>;

/**
 * A code step (Verify Email, Reset Password): a code guessed wrong too often is dead for good,
 * so the person must ask for a new one. Cognito says "please try after some time", which would
 * send them back to a code that can never work.
 */
export const CODE_STEP_WORDS: OwnWords = { LimitExceededException: ACCOUNT_MESSAGES.codeUsedUp };

/**
 * The identity service's (or our server's) own message when there is one, else the product's
 * fixed fallback (or `ownWords` for the refusal's name). Not a message: the browser's TypeError of a fetch that got no answer ("Failed
 * to fetch"), nor a refusal our server gave no words for (a proxy's 502 page), whose message
 * only names the request and its status.
 */
export function errorMessage(error: unknown, fallback: string, ownWords: OwnWords = {}): string {
  if (!(error instanceof Error) || error instanceof TypeError) return fallback;
  const own = ownWords[error.name];
  if (own !== undefined) return own;
  if (error instanceof ServerRefusal && !error.serverSaid) return fallback;
  return error.message.trim() !== '' ? error.message : fallback;
}
