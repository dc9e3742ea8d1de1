import type { SaveFileResult } from '../../domain/platform.ts';
import type { AdminFailure } from './transport.ts';

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
