import type { Lead } from './admin.ts';
import type { ManagedUser } from './managed-user.ts';

/**
 * Characters that make a spreadsheet read a cell as a formula (or split it), also when only
 * spaces come before them: = + - @, tab, CR, LF, and their full-width forms.
 */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\t\r\n\uff1d\uff0b\uff0d\uff20]/;

/** Prefixes a formula-like cell with an apostrophe, so a spreadsheet shows it as text. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Between CSV records: CRLF, what spreadsheets open without surprises. */
export const CSV_NEWLINE = '\r\n';

/** One CSV cell: neutralised and quoted (quotes doubled). */
function csvCell(value: string): string {
  const text = neutraliseCell(value);
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
}

/** One CSV record: every cell neutralised and quoted (quotes doubled), no line end. */
export function csvRecord(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * A lead's CSV record (leadCsvCells, as csvRecord writes them) without the array of cells: the
 * server's streamed export writes a million of them.
 */
export function leadCsvRecord(name: string, email: string, source: string, createdAt: string): string {
  return `${csvCell(name)},${csvCell(email)},${csvCell(source)},${csvCell(createdAt)}`;
}

/** The lead CSV's cells: Name, Email, Source, Created At. */
export function leadCsvCells(lead: Lead): string[] {
  return [lead.name, lead.email, lead.source, lead.created_at];
}

/** The user CSV's cells: Username, Email, First Name, Last Name, Status, Enabled (Yes or No), Created Date, Last Modified. */
export function userCsvCells(user: ManagedUser): string[] {
  return [
    user.username,
    user.email,
    user.firstName,
    user.lastName,
    user.status,
    user.enabled ? 'Yes' : 'No',
    user.createdDate,
    user.lastModifiedDate,
  ];
}

/** `leads-YYYY-MM-DD.csv` / `users-YYYY-MM-DD.csv`, with the operator's local date. */
export function csvFileName(dataset: 'leads' | 'users', now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dataset}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
