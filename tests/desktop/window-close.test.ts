import { describe, expect, it, vi } from 'vitest';
import type { SettingsStore } from '../../src-desktop/main/settings.ts';
import { rendererUrl, setupMainWindow } from '../../src-desktop/main/window.ts';
import { BrowserWindow } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

describe('closing the console window (electron mocked)', () => {
  it('closes quietly when the settings cannot be written, instead of an error box from main', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // electron-store's write on a full disk (or a read-only profile) throws as the OS refuses it.
    const settings = {
      bounds: () => null,
      setBounds: () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    } as unknown as SettingsStore;
    setupMainWindow(settings, rendererUrl());
    const window = BrowserWindow.created.at(-1);
    // A listener that throws reaches Electron's uncaught-exception handler, which shows
    // "A JavaScript error occurred in the main process" with a stack trace at every quit.
    expect(() => window?.emit('close')).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ENOSPC'));
  });
});
