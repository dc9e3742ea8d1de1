/**
 * Query parameters whose values are secrets (OAuth codes and state, tokens, passwords, keys,
 * signatures), matched case-insensitively, also as the end of a longer name (`x-amz-signature`,
 * `api_key`, `session_token`). A name that merely ends like one (`postcode`) loses its value
 * too: a redacted harmless value costs nothing, a logged secret can cost an account.
 */
const SECRET_PARAMETER =
  /(?:^|[-_.])(?:code|state|token|token_hint|password|passwd|pwd|secret|verifier|assertion|key|apikey|signature|sig|credential|otp|jwt|ticket|auth|authorization)$|(?:token|secret|password|code|state)$/i;

const REDACTED = '[REDACTED]';

/**
 * The URL with the value of every secret-bearing query parameter replaced by [REDACTED]: for
 * the access log, and for the settings check's quotes of what it got (config/env-reader.ts),
 * which runs before the app is loaded, so this module imports nothing.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      const name = equals === -1 ? parameter : parameter.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${REDACTED}` : parameter;
    });
  return `${url.slice(0, queryStart)}?${parameters.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
