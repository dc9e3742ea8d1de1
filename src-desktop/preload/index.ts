import { contextBridge, ipcRenderer } from 'electron';
import type { AdminApi } from '../../src-shared/api/admin/client.ts';
import { ADMIN_METHODS, CONSOLE_SCREENS, IPC_CHANNELS, type ConsoleBridge, type ConsoleScreen } from '../contract/bridge.ts';

/**
 * The renderer's only door to main: `window.hireAssistConsole`, a ConsoleBridge whose every
 * call is an `ipcRenderer.invoke` on the contract's channels. Bundled to one CommonJS file so
 * it runs in the sandbox; it exposes no Electron or Node object itself.
 */
const admin = Object.fromEntries(
  ADMIN_METHODS.map((method) => [method, (...args: unknown[]) => ipcRenderer.invoke(IPC_CHANNELS.adminCall, { method, args })]),
) as unknown as AdminApi;

const bridge: ConsoleBridge = {
  admin,
  settings: {
    get: () => ipcRenderer.invoke(IPC_CHANNELS.settingsGet),
    setServerUrl: (url) => ipcRenderer.invoke(IPC_CHANNELS.settingsSetServerUrl, url),
    setLastScreen: (screen) => ipcRenderer.invoke(IPC_CHANNELS.settingsSetLastScreen, screen),
  },
  tokenStorage: () => ipcRenderer.invoke(IPC_CHANNELS.tokenStorage),
  saveExport: (request) => ipcRenderer.invoke(IPC_CHANNELS.saveExport, request),
  cancelExport: () => ipcRenderer.invoke(IPC_CHANNELS.cancelExport),
  onExportProgress(listener) {
    const onMessage = (_event: unknown, bytes: unknown) => {
      if (typeof bytes === 'number') listener(bytes);
    };
    ipcRenderer.on(IPC_CHANNELS.exportProgress, onMessage);
    return () => ipcRenderer.removeListener(IPC_CHANNELS.exportProgress, onMessage);
  },
  openExternal: (url) => ipcRenderer.invoke(IPC_CHANNELS.openExternal, url),
  onShowScreen(listener) {
    const onMessage = (_event: unknown, screen: unknown) => {
      if ((CONSOLE_SCREENS as readonly unknown[]).includes(screen)) listener(screen as ConsoleScreen);
    };
    ipcRenderer.on(IPC_CHANNELS.showScreen, onMessage);
    return () => ipcRenderer.removeListener(IPC_CHANNELS.showScreen, onMessage);
  },
};

contextBridge.exposeInMainWorld('hireAssistConsole', bridge);
