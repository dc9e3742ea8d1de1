import type { SaveFileResult } from '../../domain/platform.ts';
import { ExportStalledError } from './export-idle.ts';
import type { AdminFailure } from './transport.ts';

/** What the operator reads when the server's answer breaks off (the server or network went down). */
export const EXPORT_CONNECTION_LOST =
  'The connection to the server was lost during the export. Nothing was saved; export again when the server is reachable.';
/** What the operator reads when the disk (or their quota) fills up while the export is written. */
export const EXPORT_DISK_FULL = 'The disk is full, so the export could not be saved. Free some space and export again.';

/**
 * What an export whose download the server refused (or never answered) ends with, the same in
 * the browser and in the console's main: cancelled when the operator stopped it, unauthorized
 * when the session has ended (the screen then asks for the password), else the reason.
 */
export function failedExport(failure: AdminFailure, signal: AbortSignal | undefined): SaveFileResult {
  if (signal?.aborted) return { status: 'cancelled' };
  if (failure.reason === 'unauthorized') return { status: 'unauthorized' };
  return {
    status: 'failed',
    message: failure.reason === 'network' ? 'Network error occurred' : (failure.error ?? 'The export failed'),
  };
}

/** Why an export's answer broke off while it was read: the server's silence, or the connection lost. */
export function brokenOffText(error: unknown): string {
  return error instanceof ExportStalledError ? error.message : EXPORT_CONNECTION_LOST;
}
