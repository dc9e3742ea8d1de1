/**
 * The public forms' own texts (the contact form and the affiliate application), where the
 * product fixes none: written once, so both forms say the same thing for the same problem.
 * The texts the product does fix stay with their form (CONTACT_MESSAGES, AFFILIATE_MESSAGES).
 */

/**
 * What a visitor refused for sending too many (a 429) reads: to wait, and how long, from the
 * answer's Retry-After in whole minutes; "a few minutes" when the answer gave none.
 */
export function tooManySentMessage(what: 'messages' | 'applications', retryAfterSeconds: number | undefined): string {
  const minutes = retryAfterSeconds === undefined ? undefined : Math.ceil(retryAfterSeconds / 60);
  const wait = minutes === undefined ? 'a few minutes' : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `You have sent several ${what} in a short time; please try again in ${wait}.`;
}
