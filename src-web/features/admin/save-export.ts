import { failedExport } from '../../../src-shared/api/admin/export-result.ts';
import { createAdminHttp } from '../../../src-shared/api/admin/transport.ts';
import type { ExportToSave, SaveFileResult, TokenStore } from '../../../src-shared/domain/platform.ts';

/**
 * Downloads a server CSV export with the admin token in the Authorization header (never in
 * the URL, so never in a link, the history or a log). The stream is counted as it arrives and
 * kept once, as a Blob (which the browser may keep on disk), then offered as a download.
 */
export async function saveExportInBrowser(
  tokenStore: TokenStore,
  request: ExportToSave,
  onProgress?: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<SaveFileResult> {
  const outcome = await createAdminHttp({ baseUrl: '', tokenStore }).download(request.path, signal);
  if (!outcome.ok) return failedExport(outcome, signal);
  const body = outcome.value.body;
  if (!body) return { status: 'failed', message: 'The export answered no data' };
  let bytes = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        onProgress?.(bytes);
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    const csv = await new Response(counted).blob();
    // A BOM so spreadsheets read the CSV as UTF-8 (names with accents stay intact).
    const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = request.suggestedName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    return { status: 'saved', location: request.suggestedName };
  } catch (error) {
    if (signal?.aborted) return { status: 'cancelled' };
    return { status: 'failed', message: error instanceof Error ? error.message : 'The export failed' };
  }
}
