import type * as NodeFs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SERVER_URL } from '../../src-desktop/contract/bridge.ts';
import { parseServerUrl } from '../../src-desktop/main/server-url.ts';
import { openSettings } from '../../src-desktop/main/settings.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

/** The error the OS answers a rename with when a test says so (root may write in any folder, so a read-only one is played here). */
const refusedRename = vi.hoisted(() => ({ error: null as Error | null }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const renameSync: typeof fs.renameSync = (from, to) => {
    if (refusedRename.error) throw refusedRename.error;
    fs.renameSync(from, to);
  };
  return { ...fs, default: { ...fs, renameSync }, renameSync };
});

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'console-settings-'));
});
afterEach(async () => {
  refusedRename.error = null;
  await rm(folder, { recursive: true, force: true });
});

const now = () => new Date('2026-11-22T03:04:05.678Z');

describe('console settings (electron mocked, real electron-store on disk)', () => {
  it('starts with no server chosen and remembers server, screen and bounds across launches', () => {
    const first = openSettings({ cwd: folder });
    expect(first.get()).toEqual({ serverUrl: null, lastScreen: 'leads' });
    expect(first.bounds()).toBeNull();
    first.setServerUrl('https://admin.example.com');
    first.setLastScreen('outbox');
    first.setBounds({ x: 10, y: 20, width: 1000, height: 700 });

    const next = openSettings({ cwd: folder });
    expect(next.get()).toEqual({ serverUrl: 'https://admin.example.com', lastScreen: 'outbox' });
    expect(next.bounds()).toEqual({ x: 10, y: 20, width: 1000, height: 700 });
    expect(next.get()).not.toHaveProperty('resetBackupPath');
  });

  it('backs up a corrupt settings file with a timestamped name and starts afresh', async () => {
    const file = path.join(folder, 'settings.json');
    await writeFile(file, '{"serverUrl": "https://admin.exa');
    const settings = openSettings({ cwd: folder, now });
    const backup = path.join(folder, 'settings.corrupt-2026-11-22T03-04-05.678Z.json');
    // The renderer gets the backup's path with the defaults, to tell the operator.
    expect(settings.get()).toEqual({ serverUrl: null, lastScreen: 'leads', resetBackupPath: backup });
    expect(await readFile(backup, 'utf8')).toBe('{"serverUrl": "https://admin.exa');
    settings.setLastScreen('users');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ lastScreen: 'users' });
    expect((await readdir(folder)).sort()).toEqual(['settings.corrupt-2026-11-22T03-04-05.678Z.json', 'settings.json']);
  });

  it('treats a file edited into values the console cannot use as corrupt too', async () => {
    await writeFile(path.join(folder, 'settings.json'), JSON.stringify({ serverUrl: 42, lastScreen: 'settings' }));
    const settings = openSettings({ cwd: folder, now });
    expect(settings.get()).toEqual({
      serverUrl: null,
      lastScreen: 'leads',
      resetBackupPath: path.join(folder, 'settings.corrupt-2026-11-22T03-04-05.678Z.json'),
    });
  });

  it('answers the defaults when the file is removed while the console runs, and keeps working', async () => {
    const settings = openSettings({ cwd: folder });
    settings.setServerUrl('https://admin.example.com');
    settings.setLastScreen('users');
    // The operator deletes settings.json to start afresh, with the console still open.
    await rm(path.join(folder, 'settings.json'));
    expect(settings.get()).toEqual({ serverUrl: null, lastScreen: 'leads' });
    expect(settings.bounds()).toBeNull();
    expect(settings.pendingKeychainRemovals()).toEqual([]);
    settings.setBounds({ x: 1, y: 2, width: 900, height: 600 });
    expect(openSettings({ cwd: folder }).get()).toEqual({ serverUrl: null, lastScreen: 'leads' });
  });

  it('starts on its defaults in memory when a corrupt file cannot be moved aside (a read-only folder), keeping the file', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = path.join(folder, 'settings.json');
    await writeFile(file, '{"serverUrl": "https://admin.exa');
    refusedRename.error = Object.assign(new Error(`EACCES: permission denied, rename '${file}'`), { code: 'EACCES' });
    const settings = openSettings({ cwd: folder, now });
    // The renderer is told the settings cannot be saved, and where the unreadable file is.
    expect(settings.get()).toEqual({ serverUrl: null, lastScreen: 'leads', unsavedSettings: { keptAt: file } });
    // The operator can still choose a server and work: for this run only.
    settings.setServerUrl('https://admin.example.com');
    settings.setLastScreen('users');
    settings.setBounds({ x: 1, y: 2, width: 900, height: 600 });
    expect(settings.get()).toMatchObject({ serverUrl: 'https://admin.example.com', lastScreen: 'users' });
    expect(settings.bounds()).toEqual({ x: 1, y: 2, width: 900, height: 600 });
    // A keychain entry to remove at the next launch cannot be noted: the vault must know (token-vault.ts).
    expect(() => settings.setPendingKeychainRemovals(['https://admin.example.com'])).toThrow(/settings.json/);
    // Nothing written, nothing lost.
    expect(await readFile(file, 'utf8')).toBe('{"serverUrl": "https://admin.exa');
    expect(await readdir(folder)).toEqual(['settings.json']);
  });

  it('leaves the file alone and throws when it cannot be read for another reason than its contents', async () => {
    // A folder where the file should be: EISDIR, like EACCES a problem of the machine, not of the file.
    const file = path.join(folder, 'settings.json');
    await mkdir(file);
    await writeFile(path.join(file, 'keep.txt'), 'x');
    expect(() => openSettings({ cwd: folder, now })).toThrow(/EISDIR/);
    expect(await readdir(folder)).toEqual(['settings.json']);
    expect(await readdir(file)).toEqual(['keep.txt']);
  });
});

describe('server address check', () => {
  it('accepts the prefilled default (http on this computer) and https origins, stored as the origin', () => {
    expect(parseServerUrl(DEFAULT_SERVER_URL)).toEqual({ ok: true, serverUrl: 'http://localhost:3000' });
    expect(parseServerUrl(' https://Admin.Example.com/ ')).toEqual({ ok: true, serverUrl: 'https://admin.example.com' });
  });

  it('refuses other protocols, paths and credentials with a message the operator can act on', () => {
    expect(parseServerUrl('localhost:3000')).toMatchObject({ ok: false, error: expect.stringContaining('http://') });
    expect(parseServerUrl('file:///etc/passwd')).toMatchObject({ ok: false });
    expect(parseServerUrl('https://example.com/admin')).toMatchObject({
      ok: false,
      error: expect.stringContaining('https://example.com'),
    });
    expect(parseServerUrl('https://root:secret@example.com')).toMatchObject({ ok: false });
  });
});
