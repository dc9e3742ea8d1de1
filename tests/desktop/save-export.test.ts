import type * as NodeFs from 'node:fs';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminSession } from '../../src-desktop/main/admin-session.ts';
import { EXPORT_IDLE_TIMEOUT_MS, EXPORT_STALLED } from '../../src-shared/api/admin/export-idle.ts';
import { EXPORT_CONNECTION_LOST, EXPORT_DISK_FULL } from '../../src-shared/api/admin/export-result.ts';
import { createExportSaver, type ShowSaveDialog } from '../../src-desktop/main/save-export.ts';
import { openTokenVault } from '../../src-desktop/main/token-vault.ts';
import { closeHttpServer, listenOnLoopback } from '../support/free-port.ts';
import { nodeFetch } from './support/node-fetch.ts';

/**
 * A disk with `room` bytes left for the files main writes, once `full` is set: the write that
 * does not fit fails as the OS fails it (ENOSPC), after the bytes before it reached the file.
 */
const disk = vi.hoisted(() => ({ full: false, room: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeFs>();
  const createWriteStream: typeof actual.createWriteStream = (file, options) => {
    const stream = actual.createWriteStream(file, options);
    if (!disk.full) return stream;
    const write = stream._write.bind(stream);
    Object.assign(stream, {
      _writev: null,
      _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
        if (chunk.length > disk.room) {
          const error = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
          callback(error);
          return;
        }
        disk.room -= chunk.length;
        write(chunk, encoding, callback);
      },
    });
    return stream;
  };
  return { ...actual, default: { ...actual, createWriteStream }, createWriteStream };
});

const ROW = 'Ana,ana@example.com,contact\r\n';

/**
 * An export server on this computer: `rows` rows, then it ends the answer or, with `dropAfter`,
 * drops the connection or, with `stall`, sends nothing more (the connection stays open).
 */
async function exportServer(options: { rows: number; dropAfter?: boolean; stall?: boolean }) {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/csv' });
    response.write(ROW.repeat(options.rows), () => {
      if (options.dropAfter) request.socket.destroy();
      else if (!options.stall) response.end();
    });
  });
  const origin = await listenOnLoopback(server);
  const close = () => closeHttpServer(server);
  return { origin, close };
}

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'console-export-'));
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.useRealTimers();
  disk.full = false;
  vi.restoreAllMocks();
  await rm(folder, { recursive: true, force: true });
});

/** Exports from `origin` into `folder/leads.csv`, where an earlier export already lies. */
async function exportTo(origin: string, onProgress: (bytes: number) => void = () => undefined) {
  const vault = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
  await vault.storeFor(origin).write('the-admin-token');
  const session = createAdminSession({ vault, serverUrl: origin, fetch: nodeFetch });
  const target = path.join(folder, 'leads.csv');
  await writeFile(target, 'the export of last week');
  const saver = createExportSaver({
    showSaveDialog: async () => ({ canceled: false, filePath: target }),
    defaultDirectory: folder,
    download: (exportPath, signal) => session.download(exportPath, signal),
    onProgress,
  });
  return saver.save({ path: '/api/admin/leads/export', suggestedName: 'leads-2026-11-25.csv' });
}

describe('an export that cannot finish (electron not needed)', () => {
  it('says the connection to the server was lost when the server goes down mid-export, and keeps the old file', async () => {
    const server = await exportServer({ rows: 20_000, dropAfter: true });
    try {
      expect(await exportTo(server.origin)).toEqual({ status: 'failed', message: EXPORT_CONNECTION_LOST });
    } finally {
      await server.close();
    }
    expect(await readdir(folder)).toEqual(['leads.csv']);
    expect(await readFile(path.join(folder, 'leads.csv'), 'utf8')).toBe('the export of last week');
  });

  it('stops an export the server stalls mid-way after a minute of silence, says so, and keeps the old file', async () => {
    const server = await exportServer({ rows: 10, stall: true });
    // Only the timers move by hand: the rows still travel over a real connection.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let received = 0;
      const saving = exportTo(server.origin, (bytes) => (received = bytes));
      await vi.waitFor(() => expect(received).toBe(ROW.length * 10), { timeout: 10_000 });
      await vi.advanceTimersByTimeAsync(EXPORT_IDLE_TIMEOUT_MS);
      expect(await saving).toEqual({ status: 'failed', message: EXPORT_STALLED });
    } finally {
      await server.close();
    }
    expect(await readdir(folder)).toEqual(['leads.csv']);
    expect(await readFile(path.join(folder, 'leads.csv'), 'utf8')).toBe('the export of last week');
  });

  it('says the disk is full when it fills up mid-export, and leaves no partial file', async () => {
    const server = await exportServer({ rows: 20_000 });
    disk.full = true;
    disk.room = 64 * 1024;
    try {
      expect(await exportTo(server.origin)).toEqual({ status: 'failed', message: EXPORT_DISK_FULL });
    } finally {
      await server.close();
    }
    expect(await readdir(folder)).toEqual(['leads.csv']);
    expect(await readFile(path.join(folder, 'leads.csv'), 'utf8')).toBe('the export of last week');
  });
});

describe('what an export leaves on disk (electron not needed)', () => {
  it('saves the export readable by its owner only, even over an older export anyone could read', async () => {
    const server = await exportServer({ rows: 10 });
    try {
      expect(await exportTo(server.origin)).toEqual({ status: 'saved', location: path.join(folder, 'leads.csv') });
    } finally {
      await server.close();
    }
    // Customers' names and addresses: another account on this computer may not read them.
    expect((await stat(path.join(folder, 'leads.csv'))).mode & 0o777).toBe(0o600);
  });

  it('removes a day-old temporary file an interrupted export left in the folder, and nothing else', async () => {
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    const leftover = '.leads-2026-11-24.csv.0123456789ab.tmp';
    // Not ours: a recent one (another console exporting into a shared folder), other programs' files.
    const kept = ['.users.csv.abcdef012345.tmp', '.notes.txt.0123456789ab.tmp', 'report.tmp', '.leads.csv.tmp'];
    for (const name of [leftover, ...kept]) await writeFile(path.join(folder, name), 'Ana,ana@example.com');
    for (const name of [leftover, ...kept.slice(1)]) await utimes(path.join(folder, name), dayAndAMinuteAgo, dayAndAMinuteAgo);
    const server = await exportServer({ rows: 10 });
    try {
      expect(await exportTo(server.origin)).toMatchObject({ status: 'saved' });
    } finally {
      await server.close();
    }
    expect((await readdir(folder)).sort()).toEqual(['leads.csv', ...kept].sort());
  });
});

describe('saving over a file that already exists (electron not needed)', () => {
  /**
   * Electron's save dialog as it behaves on Linux: a name the operator picks that already exists
   * is confirmed only when the console asks for it (`showOverwriteConfirmation`; macOS and
   * Windows always ask). Here the operator answers the confirmation with Cancel.
   */
  const linuxSaveDialog =
    (target: string, asked: string[]): ShowSaveDialog =>
    async (options) => {
      if (options.properties?.includes('showOverwriteConfirmation')) {
        asked.push(path.basename(target));
        return { canceled: true };
      }
      return { canceled: false, filePath: target };
    };

  it('replaces an existing file only after the dialog asked the operator, and keeps it when they decline', async () => {
    const server = await exportServer({ rows: 10 });
    const target = path.join(folder, 'leads-2026-11-25.csv');
    await writeFile(target, 'the export the operator keeps');
    const vault = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
    await vault.storeFor(server.origin).write('the-admin-token');
    const session = createAdminSession({ vault, serverUrl: server.origin, fetch: nodeFetch });
    const asked: string[] = [];
    const saver = createExportSaver({
      showSaveDialog: linuxSaveDialog(target, asked),
      defaultDirectory: folder,
      download: (exportPath, signal) => session.download(exportPath, signal),
      onProgress: () => undefined,
    });
    try {
      expect(await saver.save({ path: '/api/admin/leads/export', suggestedName: 'leads-2026-11-25.csv' })).toEqual({
        status: 'cancelled',
      });
    } finally {
      await server.close();
    }
    expect(asked).toEqual(['leads-2026-11-25.csv']);
    expect(await readFile(target, 'utf8')).toBe('the export the operator keeps');
  });
});
