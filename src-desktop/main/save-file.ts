import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FileToSave, SaveFileResult } from '../../src-shared/domain/platform.ts';

/** The part of Electron's dialog module the save flow needs. */
export type ShowSaveDialog = (options: {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}) => Promise<{ canceled: boolean; filePath?: string }>;

/**
 * Asks where to save with the native dialog, then writes the file atomically. The result
 * carries the OS's own error message on failure, so the operator can act on it.
 */
export async function saveFileWithDialog(
  file: FileToSave,
  showSaveDialog: ShowSaveDialog,
  defaultDirectory: string,
): Promise<SaveFileResult> {
  const extension = path.extname(file.suggestedName).slice(1);
  const choice = await showSaveDialog({
    title: 'Save export',
    defaultPath: path.join(defaultDirectory, file.suggestedName),
    filters: extension ? [{ name: extension.toUpperCase(), extensions: [extension] }] : [],
  });
  if (choice.canceled || !choice.filePath) return { status: 'cancelled' };
  try {
    await writeFileAtomically(choice.filePath, contentsOf(file));
    return { status: 'saved', location: choice.filePath };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** A BOM before CSV, as the web download has, so spreadsheets read accented names as UTF-8. */
function contentsOf(file: FileToSave): string {
  return file.mimeType.startsWith('text/csv') ? `\ufeff${file.contents}` : file.contents;
}

/**
 * Temp file in the same folder, flushed to disk, then renamed over the target: a reader
 * sees the old file or the whole new one, never half an export.
 */
async function writeFileAtomically(target: string, contents: string): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(temporary, 'wx', 0o644);
    await handle.writeFile(contents, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temporary, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
