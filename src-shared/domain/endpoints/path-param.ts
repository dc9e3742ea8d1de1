/**
 * A `:param` of an endpoint's path as the client writes it and the server reads it back.
 *
 * Percent-encoding keeps '/', '?', '#' and '%' inside the segment, but a value of '.' or '..'
 * (a Cognito username or group name may be either) is a dot segment: every URL parser, fetch's
 * included, resolves it away, '%2E' and '%2E%2E' as well, so `users/../disable` would reach
 * `/api/admin/disable`. Such a value goes out with a '~' in front, and so does any value that
 * is already tildes and then one or two dots, so that reading one '~' back is never ambiguous.
 */
const NEEDS_TILDE = /^~*\.\.?$/;
const HAS_TILDE = /^~+\.\.?$/;

/** The value as its path segment: never a dot segment, percent-encoded. */
export function encodePathParam(value: string): string {
  return encodeURIComponent(NEEDS_TILDE.test(value) ? `~${value}` : value);
}

/** The value a segment carries, once the router has percent-decoded it. */
export function decodePathParam(segment: string): string {
  return HAS_TILDE.test(segment) ? segment.slice(1) : segment;
}
