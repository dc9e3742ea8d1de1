import { describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, dialog } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

describe('the packaged console started with a remote-debugging switch (electron mocked)', () => {
  it('refuses to start, so no other program can drive its window (and the keychain session) over the DevTools protocol', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // `HireAssist Console --remote-debugging-port=9222`: Electron's fuses block --inspect, not this.
    app.isPackaged = true;
    app.commandLine.hasSwitch.mockImplementation((name) => name === 'remote-debugging-port');

    await import('../../src-desktop/main/index.ts');
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    expect(BrowserWindow.created).toHaveLength(0);
    expect(dialog.showErrorBox).toHaveBeenCalledWith(
      'HireAssist Console could not start',
      expect.stringContaining('--remote-debugging-port'),
    );
  });
});
