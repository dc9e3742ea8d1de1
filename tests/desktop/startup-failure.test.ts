import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, dialog } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

describe('main process start-up that fails (electron mocked)', () => {
  it('tells the operator why and quits, instead of running on without a window', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A settings file the console cannot read for a reason of the machine (here a folder in its
    // place; no permission or a broken disk alike): not the file's fault, so it is not replaced.
    const userData = app.getPath('userData');
    await mkdir(path.join(userData, 'settings.json'));

    await import('../../src-desktop/main/index.ts');
    // Left running without a window, it would be invisible and, holding the single-instance
    // lock, would swallow every later launch of the console.
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    expect(BrowserWindow.created).toHaveLength(0);
    expect(dialog.showErrorBox).toHaveBeenCalledTimes(1);
    const [title, content] = dialog.showErrorBox.mock.calls[0] ?? [];
    expect(title).toBe('HireAssist Console could not start');
    expect(content).toContain('EISDIR');
    expect(content).toContain(userData);
  });
});
