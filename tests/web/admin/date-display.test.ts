import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src-shared/admin/screen-styles.ts';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/**
 * The From/To filters and the chart count UTC days, and the CSV's Created At is UTC: the
 * times on screen must put a row on the same day, whatever the operator's own time zone.
 */
describe('times shown on the admin screens', () => {
  it.each(['America/New_York', 'Asia/Tokyo'])(
    'in %s, show a lead on the UTC day the date filters put it in, saying UTC',
    (tz) => {
      process.env.TZ = tz;
      // Inside From = To = 2026-03-01 on the server; 9 PM on Feb 28 in New York, 11 AM in Tokyo.
      const shown = formatDateTime('2026-03-01T02:00:00.000Z');
      expect(shown).toMatch(/\b3\/1\/2026\b/);
      expect(shown).toMatch(/2:00:00\sAM/);
      expect(shown).toMatch(/UTC/);
    },
  );

  it('shows a value that is not a date as it came', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
