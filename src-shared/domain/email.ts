/**
 * The email addresses the public forms take (affiliate application, contact): before the @,
 * ASCII words joined by single dots; after it, two or more dot-separated labels of letters,
 * digits and inner hyphens. No accents, no leading, trailing or doubled dots, no trailing dot
 * on the domain. It is the `email` format of ajv-formats (full mode), which the server checked
 * `format: 'email'` with; the server now checks that format with this rule
 * (server/http/email-format.ts), so a form refuses exactly the addresses the server would.
 */
export const EMAIL_ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text);
}
