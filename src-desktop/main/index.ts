import { app, dialog } from 'electron';
import { createAdminSession, forgetServer } from './admin-session.ts';
import { setupIpc } from './ipc.ts';
import { setupMenu } from './menu.ts';
import { registerRendererScheme, setupRendererProtocol } from './renderer-protocol.ts';
import { createExportSaver } from './save-export.ts';
import { IPC_CHANNELS } from '../contract/bridge.ts';
import { openExternalSafely, remoteDebuggingSwitch, setupContentSecurity } from './security.ts';
import { createServerFetch } from './server-fetch.ts';
import { openSettings } from './settings.ts';
import { loadKeytar, openTokenVault } from './token-vault.ts';
import { RENDERER_DIR, rendererUrl, setupMainWindow } from './window.ts';

/**
 * The console's main process: one `setupX()` per concern, as electron/fiddle does. Main holds
 * the admin token (keychain or memory) and talks to the server; the renderer only gets results.
 */
app.setName('HireAssist Console');
// Electron takes privileged schemes only before the app is ready.
registerRendererScheme();

async function start(): Promise<void> {
  const debugging = remoteDebuggingSwitch();
  if (debugging) {
    throw new Error(
      `The console does not run with --${debugging}: another program could drive its window and the admin session.`,
    );
  }
  const renderer = rendererUrl();
  setupContentSecurity(renderer);
  setupRendererProtocol(RENDERER_DIR);
  const settings = openSettings({ cwd: app.getPath('userData') });
  const vault = await openTokenVault(loadKeytar, settings);
  const { serverUrl, refusedServerUrl } = settings.get();
  // An address an earlier version accepted and this one refuses (http to another machine) is
  // never contacted again: what the console kept for it goes, unsent.
  if (refusedServerUrl && URL.canParse(refusedServerUrl.url)) await forgetServer(vault, new URL(refusedServerUrl.url).origin);
  const session = createAdminSession({ vault, serverUrl, fetch: createServerFetch() });
  const window = setupMainWindow(settings, renderer);
  setupIpc({
    rendererUrl: renderer,
    contents: window.webContents,
    settings,
    vault,
    session,
    exports: createExportSaver({
      showSaveDialog: (options) => dialog.showSaveDialog(window, options),
      defaultDirectory: app.getPath('downloads'),
      download: (path, signal) => session.download(path, signal),
      onProgress: (bytes) => window.webContents.send(IPC_CHANNELS.exportProgress, bytes),
    }),
    openExternal: openExternalSafely,
    async confirmServerSwitch(from, to) {
      const { response } = await dialog.showMessageBox(window, {
        type: 'question',
        buttons: ['Switch server', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        message: `Connect to ${to}?`,
        detail: `The console signs out of ${from} and asks for the admin password of ${to}. Switch only to a server you run.`,
      });
      return response === 0;
    },
  });
  setupMenu(window);
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
}

// A second copy would fight over the settings file and the keychain entry: it hands over and quits.
if (app.requestSingleInstanceLock()) {
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // Before its window there is nothing to show the failure in: without this the console would
      // run on invisibly, and with the single-instance lock it would swallow every later launch.
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`The console could not start: ${reason}`);
      dialog.showErrorBox(
        'HireAssist Console could not start',
        `${reason}\n\nThe console keeps its settings in ${app.getPath('userData')}.`,
      );
      app.exit(1);
    });
  // One window is the whole app, on macOS too.
  app.on('window-all-closed', () => app.quit());
} else {
  app.quit();
}
