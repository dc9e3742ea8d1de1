/** NUL, or a surrogate without its other half: PostgreSQL stores neither in text or json. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Whether `value` holds a character the database refuses (a request's text is then a 400: http/text-guard.ts). */
export function hasUnstorableText(value: string): boolean {
  UNSTORABLE.lastIndex = 0;
  return UNSTORABLE.test(value);
}

/**
 * `value` as the database can store it, for text the server did not choose to refuse (what an
 * upstream service sends): NUL dropped, half a surrogate pair as U+FFFD, as a decoder shows it.
 */
export function storableText(value: string): string {
  return value.replace(UNSTORABLE, (char) => (char === '\u0000' ? '' : '\ufffd'));
}
