/** The first and last millisecond of the years 1 to 9999 (Date.UTC would read year 1 as 1901). */
const FIRST_STORABLE_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * `value` (a date's text, or milliseconds since 1970) as a Date the database can store, or
 * undefined. A JavaScript Date reads years 0 and before and up to 275760, but one outside the
 * years 1 to 9999 is written as '0000-…', '-000001-…' or '+010000-…', which PGlite refuses (a
 * 500 where the date came from a request or from StoryChief, a server that would not start
 * where it came from content/blog).
 */
export function storableDate(value: string | number): Date | undefined {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return ms >= FIRST_STORABLE_MS && ms <= LAST_STORABLE_MS ? new Date(ms) : undefined;
}
