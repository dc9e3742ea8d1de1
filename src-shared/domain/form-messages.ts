import { isBlank } from './one-line.ts';

/**
 * The public forms' own texts (the contact form and the affiliate application), where the
 * product fixes none: written once, so both forms say the same thing for the same problem
 * (a required field left blank, a mistyped address, a value too long, too many sent).
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

/** A problem with one field, after its label where it names it. */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  email: 'Enter a valid email address, like name@example.com.',
} as const;

/**
 * The sentence under a field the server refused, from what it said of it (validation-errors.ts's
 * words: "must be at most 200 characters"), in the forms' own words where they have them: a
 * blank field is a required one left empty (the server says "must not be empty", or "must be a
 * valid email" of a blank address; zero-width characters alone are blank too), a bad address is
 * FIELD_MESSAGES.email.
 */
export function refusedFieldMessage(label: string, problem: string, value: string): string {
  if (isBlank(value)) return FIELD_MESSAGES.required(label);
  if (problem === 'must be a valid email') return FIELD_MESSAGES.email;
  return `${label} ${problem}.`;
}
