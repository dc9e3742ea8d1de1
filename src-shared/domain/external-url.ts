/**
 * Whether a link may be handed to the system browser (desktop) or a new tab (web): only
 * absolute http and https URLs with a host. Everything else (file:, javascript:, custom
 * protocol handlers, smb: shares) could run or open something on the operator's machine.
 */
export function isExternalWebUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

/**
 * A plain address: no percent-escapes, commas or semicolons (which would name more recipients)
 * and no `?` or `#` (headers such as bcc or body); at most 320 characters, as the audit's actor.
 */
const MAILTO_ONE_ADDRESS = /^mailto:(?=.{3,320}$)[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/i;

/**
 * Whether a link may be handed to the mail app: `mailto:` with exactly one plain address and
 * nothing more, so a link can never write to others or fill in a message the operator did not.
 */
export function isMailtoOneAddress(url: string): boolean {
  return MAILTO_ONE_ADDRESS.test(url);
}
