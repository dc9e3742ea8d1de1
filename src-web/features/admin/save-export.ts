import { brokenOffText, EXPORT_DISK_FULL, failedExport } from '../../../src-shared/api/admin/export-result.ts';
import { createAdminHttp } from '../../../src-shared/api/admin/transport.ts';
import type { ExportToSave, SaveFileResult, TokenStore } from '../../../src-shared/domain/platform.ts';

/** A BOM first, so spreadsheets read the CSV as UTF-8 (names with accents stay intact). */
const BOM = '\ufeff';

/** The part of the File System Access API used here (Chromium's; not in TypeScript's DOM types yet). */
interface SaveFilePicker {
  (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }): Promise<FileSystemFileHandle & { remove?: () => Promise<void> }>;
}

const savePicker = (): SaveFilePicker | undefined =>
  (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;

/**
 * Downloads a server CSV export with the admin token in the Authorization header (never in
 * the URL, so never in a link, the history or a log), counting the bytes as they arrive.
 * Where the browser can write a file as it arrives (Chromium's save dialog,
 * `showSaveFilePicker`), the operator chooses the file first, within the click that asked for
 * it, and the export streams into it: a million leads never sit in the tab's memory. Elsewhere
 * (or when the dialog cannot open) it is kept once, as a Blob (which the browser may keep on
 * disk), then offered as a download.
 */
export async function saveExportInBrowser(
  tokenStore: TokenStore,
  request: ExportToSave,
  onProgress?: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<SaveFileResult> {
  const chosen = await chooseFile(request.suggestedName);
  if (chosen === 'cancelled') return { status: 'cancelled' };
  const outcome = await createAdminHttp({ baseUrl: '', tokenStore }).download(request.path, signal);
  if (!outcome.ok || !outcome.value.body) {
    // The dialog made an empty file: nothing is exported into it, so it goes again.
    await chosen?.remove?.().catch(() => undefined);
    return outcome.ok ? { status: 'failed', message: 'The export answered no data' } : failedExport(outcome, signal);
  }
  let bytes = 0;
  const counted = outcome.value.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        onProgress?.(bytes);
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    if (chosen) {
      await streamInto(chosen, counted, signal);
      return { status: 'saved', location: chosen.name };
    }
    offerDownload(await new Response(counted).blob(), request.suggestedName);
    return { status: 'saved', location: request.suggestedName };
  } catch (error) {
    if (signal?.aborted) return { status: 'cancelled' };
    if (error instanceof DOMException) {
      // The file system's refusals (the disk full, the file not writable) say what they are;
      // anything else breaking the stream is the server's answer breaking off.
      return { status: 'failed', message: error.name === 'QuotaExceededError' ? EXPORT_DISK_FULL : error.message };
    }
    return { status: 'failed', message: brokenOffText(error) };
  }
}

/** The file the operator chose in the save dialog; undefined where there is none (download instead). */
async function chooseFile(suggestedName: string) {
  const picker = savePicker();
  if (!picker) return undefined;
  try {
    return await picker({ suggestedName, types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }] });
  } catch (error) {
    // The operator closed the dialog. Any other refusal (no user gesture left, a policy): download.
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled' as const;
    return undefined;
  }
}

/**
 * Writes the export into the chosen file as it arrives. The browser writes to a scratch copy
 * and replaces the file only when the stream ends, so a failed or cancelled export leaves the
 * file as the dialog made it (empty), which is then removed.
 */
async function streamInto(
  file: FileSystemFileHandle & { remove?: () => Promise<void> },
  csv: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
) {
  const writable = await file.createWritable();
  try {
    await writable.write(BOM);
    await csv.pipeTo(writable, signal ? { signal } : {});
  } catch (error) {
    await writable.abort().catch(() => undefined);
    await file.remove?.().catch(() => undefined);
    throw error;
  }
}

function offerDownload(csv: Blob, name: string) {
  const url = URL.createObjectURL(new Blob([BOM, csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
