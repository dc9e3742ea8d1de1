import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_METHODS, IPC_CHANNELS, type ConsoleBridge } from '../../src-desktop/contract/bridge.ts';

/**
 * Runs the preload script afresh, as each window does, against a fresh electron stand-in: no
 * test sees the bridge, calls or listeners of another.
 */
async function runPreload() {
  const electron = await import('./support/electron-mock.ts');
  await import('../../src-desktop/preload/index.ts');
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [key, bridge] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, ConsoleBridge];
  return { key, bridge, ipcRenderer: electron.ipcRenderer };
}

beforeEach(() => {
  vi.resetModules();
  // Registered again after the reset, so the next import of `electron` builds a new stand-in.
  vi.doMock('electron', () => import('./support/electron-mock.ts'));
});

describe('preload bridge (electron mocked)', () => {
  it('exposes only window.hireAssistConsole, whose calls are invokes on the contract channels', async () => {
    const { key, bridge, ipcRenderer } = await runPreload();
    expect(key).toBe('hireAssistConsole');
    expect(Object.keys(bridge).sort()).toEqual([
      'admin',
      'cancelExport',
      'onExportProgress',
      'onShowScreen',
      'openExternal',
      'saveExport',
      'settings',
      'tokenStorage',
    ]);
    expect(Object.keys(bridge.admin).sort()).toEqual([...ADMIN_METHODS].sort());

    await bridge.admin.disableUser('ana');
    await bridge.settings.setServerUrl('https://admin.example.com');
    await bridge.saveExport({ path: '/api/admin/leads/export', suggestedName: 'leads.csv' });
    expect(ipcRenderer.invoke.mock.calls).toEqual([
      [IPC_CHANNELS.adminCall, { method: 'disableUser', args: ['ana'] }],
      [IPC_CHANNELS.settingsSetServerUrl, 'https://admin.example.com'],
      [IPC_CHANNELS.saveExport, { path: '/api/admin/leads/export', suggestedName: 'leads.csv' }],
    ]);
  });

  it('passes on only known screens from the menu and unsubscribes', async () => {
    const { bridge, ipcRenderer } = await runPreload();
    const listener = vi.fn();
    const unsubscribe = bridge.onShowScreen(listener);
    expect(ipcRenderer.on).toHaveBeenCalledTimes(1);
    const [channel, onMessage] = ipcRenderer.on.mock.calls[0] as unknown as [string, (event: unknown, screen: unknown) => void];
    expect(channel).toBe(IPC_CHANNELS.showScreen);
    onMessage({}, 'users');
    onMessage({}, 'settings');
    expect(listener.mock.calls).toEqual([['users']]);
    unsubscribe();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_CHANNELS.showScreen, onMessage);
    expect(ipcRenderer.invoke).not.toHaveBeenCalled();
  });
});
