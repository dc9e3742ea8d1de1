import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { brokenOffText, EXPORT_DISK_FULL, failedExport } from '../../src-shared/api/admin/export-result.ts';
import type { AdminOutcome } from '../../src-shared/api/admin/transport.ts';
import type { ExportToSave, SaveFileResult } from '../../src-shared/domain/platform.ts';

/** The part of Electron's dialog module the save flow needs. */
export type ShowSaveDialog = (options: {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
  properties: 'showOverwriteConfirmation'[];
}) => Promise<{ canceled: boolean; filePath?: string }>;

export interface ExportDependencies {
  showSaveDialog: ShowSaveDialog;
  defaultDirectory: string;
  /** The export's GET with the admin token main holds. */
  download(path: string, signal: AbortSignal): Promise<AdminOutcome<Response>>;
  /** Bytes written so far (sent to the renderer's progress bar). */
  onProgress(bytes: number): void;
}

/** How often progress is reported, at most. */
const PROGRESS_EVERY_MS = 200;

/** The temporary file an export is written to, beside its target: `.leads.csv.<12 hex>.tmp`. */
const temporaryFor = (target: string) =>
  path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);

/** A temporary file of ours for a .csv target (what temporaryFor makes for the names the console suggests). */
const OUR_TEMPORARY = /^\..+\.csv\.[0-9a-f]{12}\.tmp$/i;

/**
 * Past this age a temporary file of ours is a dead export's: a live one is written as the server
 * sends, and only one runs at a time in this console. A day spares one written by another
 * console into a shared folder, however slow its server.
 */
const LEFTOVER_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * One export at a time, streamed from the server straight into the file the operator picks in
 * the native save dialog: the response is never held whole, progress is reported as it is
 * written, and cancel (or a failure) leaves no partial file (a temp file renamed at the end).
 */
export function createExportSaver(deps: ExportDependencies) {
  let running: AbortController | null = null;
  return {
    async save(request: ExportToSave): Promise<SaveFileResult> {
      if (running) return { status: 'failed', message: 'An export is already running' };
      const controller = new AbortController();
      running = controller;
      try {
        return await saveExport(request, deps, controller.signal);
      } finally {
        running = null;
      }
    },
    cancel(): void {
      running?.abort();
    },
  };
}

async function saveExport(request: ExportToSave, deps: ExportDependencies, signal: AbortSignal): Promise<SaveFileResult> {
  const choice = await deps.showSaveDialog({
    title: 'Save export',
    defaultPath: path.join(deps.defaultDirectory, request.suggestedName),
    filters: [{ name: 'CSV', extensions: ['csv'] }],
    // The file is renamed over the target at the end, replacing whatever is there: the dialog must
    // ask first. macOS and Windows always do; Electron's Linux dialog only when told to.
    properties: ['showOverwriteConfirmation'],
  });
  if (choice.canceled || !choice.filePath) return { status: 'cancelled' };
  const target = choice.filePath;
  const outcome = await deps.download(request.path, signal);
  if (!outcome.ok) return failedExport(outcome, signal);
  const body = outcome.value.body;
  if (!body) return { status: 'failed', message: 'The export answered no data' };
  await removeLeftovers(path.dirname(target));
  const temporary = temporaryFor(target);
  let bytes = 0;
  let reported = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      const now = Date.now();
      if (now - reported >= PROGRESS_EVERY_MS) {
        reported = now;
        deps.onProgress(bytes);
      }
      done(null, chunk);
    },
  });
  try {
    // Owner-only, unlike a browser's download (made with the umask, usually world-readable): an
    // export holds customers' personal data (names, addresses, sources), which the operator
    // chose to save, not to share with every account on this computer. The temporary file gets
    // the mode at creation, so no reader can open it before the rename either; the operator can
    // still widen it for a file they mean to share.
    const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    // A BOM first, as the web download has, so spreadsheets read accented names as UTF-8.
    file.write('\ufeff');
    await pipeline(Readable.fromWeb(body as NodeWebStream<Uint8Array>), counter, file, { signal });
    const handle = await open(temporary, 'r+');
    await handle.sync();
    await handle.close();
    await rename(temporary, target);
    deps.onProgress(bytes);
    return { status: 'saved', location: target };
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    if (signal.aborted) return { status: 'cancelled' };
    return { status: 'failed', message: failureText(error) };
  }
}

/**
 * Removes what exports killed mid-way (a crash, a forced quit, a power cut) left in `directory`:
 * their temporary files hold the customers' data of a file never finished, hidden, for ever.
 * Only files of our own pattern, and only old ones; anything that fails here is left as it is,
 * since the export asked for does not depend on it.
 */
async function removeLeftovers(directory: string): Promise<void> {
  const names = await readdir(directory).catch(() => []);
  for (const name of names.filter((entry) => OUR_TEMPORARY.test(entry))) {
    const file = path.join(directory, name);
    try {
      const info = await lstat(file);
      if (info.isFile() && Date.now() - info.mtimeMs > LEFTOVER_AFTER_MS) await rm(file);
    } catch (error) {
      console.warn(`An interrupted export's temporary file could not be removed: ${(error as Error).message}`);
    }
  }
}

/**
 * Why a started export failed, for the operator. The file's own errors are the OS's (they carry
 * a code and syscall): a full disk gets words, the rest ("EACCES: permission denied…") is shown
 * as the OS says it. Anything else broke the server's answer while it was read (it fell silent,
 * or the connection was lost): fetch's "terminated" says nothing to an operator.
 */
function failureText(error: unknown): string {
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (code === 'ENOSPC' || code === 'EDQUOT') return EXPORT_DISK_FULL;
  if (code && syscall && error instanceof Error) return error.message;
  return brokenOffText(error);
}
