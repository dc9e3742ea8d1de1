import { IPC_CHANNELS } from '../../../src-desktop/contract/bridge.ts';
import { setupIpc, type IpcDependencies } from '../../../src-desktop/main/ipc.ts';
import { consoleContents, invoke } from './electron-mock.ts';

/** The console's renderer document, the only page main's IPC hub answers. */
export const RENDERER = new URL('app://console/index.html');

/**
 * Main's IPC hub as the tests set it up (the test file mocks `electron` with electron-mock.ts):
 * the console window's contents on RENDERER, with the settings, vault and session given. What
 * a test does not give: no export (the save dialog is cancelled), links opened nowhere, and the
 * operator confirming any switch of server in main's dialog.
 */
export function setupConsoleIpc(
  deps: Pick<IpcDependencies, 'settings' | 'vault' | 'session'> & Partial<IpcDependencies>,
): IpcDependencies {
  const all: IpcDependencies = {
    rendererUrl: RENDERER,
    contents: consoleContents as never,
    exports: { save: async () => ({ status: 'cancelled' }), cancel: () => undefined },
    openExternal: async () => undefined,
    confirmServerSwitch: async () => true,
    ...deps,
  };
  setupIpc(all);
  return all;
}

/** A message on `channel` from the console renderer's top frame. */
export const fromRenderer = (channel: string, ...args: unknown[]) => invoke(channel, `${RENDERER.href}#/leads`, ...args);

/** An admin call from the console renderer, as the preload's bridge sends it. */
export const callAdmin = (method: string, ...args: unknown[]) => fromRenderer(IPC_CHANNELS.adminCall, { method, args });
