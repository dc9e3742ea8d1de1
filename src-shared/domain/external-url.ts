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
