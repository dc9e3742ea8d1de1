import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { app, BrowserWindow, handlers, Menu, protocol, session } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

describe('main process start-up (electron mocked)', () => {
  it('opens one locked-down window on the built renderer (app:// scheme), registers exactly the contract channels, sets the menu', async () => {
    await import('../../src-desktop/main/index.ts');
    await vi.waitFor(() => expect(Menu.setApplicationMenu).toHaveBeenCalled());

    expect(app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(BrowserWindow.created).toHaveLength(1);
    const [window] = BrowserWindow.created;
    expect(window?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    // The console's own scheme, not file://: registered before the app was ready, served after.
    expect(window?.loaded).toBe('app://console/index.html');
    const [registered] = protocol.registerSchemesAsPrivileged.mock.invocationCallOrder;
    const [ready] = app.whenReady.mock.invocationCallOrder;
    expect(registered).toBeLessThan(ready ?? 0);
    expect(protocol.handle.mock.calls.map(([scheme]) => scheme)).toEqual(['app']);

    // main → renderer channels are sent, never handled.
    const { showScreen, exportProgress, ...invokeChannels } = IPC_CHANNELS;
    expect([...handlers.keys()].sort()).toEqual(Object.values(invokeChannels).sort());
    expect(handlers.has(showScreen)).toBe(false);
    expect(handlers.has(exportProgress)).toBe(false);
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(app.on.mock.calls.map(([event]) => event)).toEqual(
      expect.arrayContaining(['web-contents-created', 'window-all-closed', 'second-instance']),
    );
  });
});
