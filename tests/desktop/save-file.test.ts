import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../src-shared/domain/admin.ts';
import { csvFileName } from '../../src-shared/domain/admin-csv.ts';
import { leadsCsv } from '../support/admin-csv.ts';
import { saveFileWithDialog, type ShowSaveDialog } from '../../src-desktop/main/save-file.ts';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'console-save-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const leads: Lead[] = [
  { id: 1, name: '=HYPERLINK("http://x")', email: 'ana@example.com', source: 'contact', created_at: '2026-11-21' },
];
const file = {
  suggestedName: csvFileName('leads', new Date(2026, 10, 21)),
  mimeType: 'text/csv;charset=utf-8',
  contents: leadsCsv(leads),
};

/** The native dialog (electron's dialog mocked): answers as if the operator picked `filePath` or cancelled. */
function dialogAnswering(answer: { canceled: boolean; filePath?: string }) {
  return vi.fn<ShowSaveDialog>(async () => answer);
}

describe('save dialog (electron dialog mocked)', () => {
  it('offers the dated file name in the downloads folder and writes the formula-safe CSV there', async () => {
    const target = path.join(folder, 'leads-2026-11-21.csv');
    const dialog = dialogAnswering({ canceled: false, filePath: target });
    expect(await saveFileWithDialog(file, dialog, folder)).toEqual({ status: 'saved', location: target });
    expect(dialog.mock.calls[0]?.[0]).toMatchObject({ defaultPath: target, filters: [{ extensions: ['csv'] }] });
    const written = await readFile(target, 'utf8');
    expect(written).toBe(`\ufeff${file.contents}`);
    expect(written).toContain(`"'=HYPERLINK(""http://x"")"`);
    // Only the file itself is left: the temporary file was renamed onto it.
    expect(await readdir(folder)).toEqual(['leads-2026-11-21.csv']);
  });

  it('replaces an existing file whole', async () => {
    const target = path.join(folder, 'users.csv');
    await saveFileWithDialog(
      { ...file, contents: 'old,old,old,old,old' },
      dialogAnswering({ canceled: false, filePath: target }),
      folder,
    );
    await saveFileWithDialog(file, dialogAnswering({ canceled: false, filePath: target }), folder);
    expect(await readFile(target, 'utf8')).toBe(`\ufeff${file.contents}`);
  });

  it('reports a cancelled dialog and writes nothing', async () => {
    expect(await saveFileWithDialog(file, dialogAnswering({ canceled: true }), folder)).toEqual({ status: 'cancelled' });
    expect(await readdir(folder)).toEqual([]);
  });

  it("reports the OS's error when the folder is gone, leaving no temporary file", async () => {
    const target = path.join(folder, 'unplugged-drive', 'leads.csv');
    const result = await saveFileWithDialog(file, dialogAnswering({ canceled: false, filePath: target }), folder);
    expect(result).toMatchObject({ status: 'failed', message: expect.stringContaining('ENOENT') });
    expect(await readdir(folder)).toEqual([]);
  });

  it("reports the OS's error when the chosen name is a folder, leaving no temporary file", async () => {
    const target = path.join(folder, 'exports');
    await mkdir(target);
    const result = await saveFileWithDialog(file, dialogAnswering({ canceled: false, filePath: target }), folder);
    expect(result).toMatchObject({ status: 'failed', message: expect.stringMatching(/EISDIR|EPERM|ENOTEMPTY|EEXIST/) });
    expect(await readdir(folder)).toEqual(['exports']);
  });
});
