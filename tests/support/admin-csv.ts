import { csvRecord, CSV_NEWLINE, leadCsvCells, userCsvCells } from '../../src-shared/domain/admin-csv.ts';
import type { Lead } from '../../src-shared/domain/admin.ts';
import { ADMIN } from '../../src-shared/domain/constants.ts';
import type { ManagedUser } from '../../src-shared/domain/managed-user.ts';

/**
 * A whole lead or user CSV in memory, from the same header, cells and records the server
 * streams (server/features/admin/list-routes.ts): what a test compares an export with, or saves.
 */
function toCsv(fields: readonly string[], rows: readonly string[][]): string {
  return [fields, ...rows].map(csvRecord).join(CSV_NEWLINE);
}

export function leadsCsv(leads: readonly Lead[]): string {
  return toCsv(ADMIN.leadCsvColumns, leads.map(leadCsvCells));
}

export function usersCsv(users: readonly ManagedUser[]): string {
  return toCsv(ADMIN.userCsvColumns, users.map(userCsvCells));
}
