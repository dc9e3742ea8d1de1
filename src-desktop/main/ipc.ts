import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { ExportToSave, SaveFileResult } from '../../src-shared/domain/platform.ts';
import {
  IPC_CHANNELS,
  SESSION_LEFT_IN_KEYCHAIN,
  type ConsoleScreen,
  type SetServerUrlResult,
  type SettingSaved,
  type TokenStorage,
} from '../contract/bridge.ts';
import type { AdminFailure } from '../../src-shared/api/admin/transport.ts';
import { keychainKeepsSession, type AdminSession } from './admin-session.ts';
import { checkAdminCall, checkChannelArguments, type InvokeChannel } from './ipc-arguments.ts';
import { parseServerUrl } from './server-url.ts';
import type { SettingsStore } from './settings.ts';
import type { TokenVault } from './token-vault.ts';

export interface IpcDependencies {
  /** The renderer's document; only frames showing it may call main. */
  rendererUrl: URL;
  /** The console window's page: the only webContents that may call main. */
  contents: WebContents;
  settings: SettingsStore;
  vault: TokenVault;
  session: AdminSession;
  exports: { save(request: ExportToSave): Promise<SaveFileResult>; cancel(): void };
  openExternal(url: string): Promise<void>;
  /**
   * Asks the operator, in a native dialog main draws, before the console leaves server `from`
   * for `to`. The renderer shows what the server sends; were it ever made to run a script, it
   * could otherwise point the console (and the admin password typed next) at a server of its
   * choosing, the one way out of a renderer that may reach nothing but main.
   */
  confirmServerSwitch(from: string, to: string): Promise<boolean>;
}

/** The renderer's answer when the operator declined the switch in main's dialog. */
export const SERVER_SWITCH_DECLINED = 'The server was not changed: the switch was cancelled.';

/** The start of the renderer's answer when the settings could not store the new address. */
export const SERVER_NOT_SAVED = 'The server was not changed: its address could not be saved.';

/** What the operator reads when the server they left did not take the sign-out. */
function signOutFailureText(from: string, failure: AdminFailure): string {
  // That session may still be on this computer: the text says so, and what to do.
  if (failure.reason !== 'network' && failure.error === keychainKeepsSession(from)) return failure.error;
  const reason = failure.reason === 'network' ? 'it could not be reached' : (failure.error ?? 'it did not confirm the sign-out');
  return `${from} was not told of the sign-out: ${reason.replace(/\.$/, '')}. Nothing of that session is kept on this computer, but that server may accept it until it expires.`;
}

/** Thrown back for a message from any frame but the console's renderer; nothing else is done. */
export const UNKNOWN_SENDER = 'Refused: the message did not come from the console window';

/**
 * Whether the message comes from the console window's top frame showing our renderer:
 * app://console, or the dev server's origin. Another webContents (a second window, an
 * extension's view), a frame inside the page, a frame that navigated elsewhere or a devtools
 * extension gets no access to the admin API. Scheme and host are compared rather than `origin`,
 * because Node's URL gives every custom-scheme URL the same opaque origin "null".
 */
function isTrustedSender(event: IpcMainInvokeEvent, deps: Pick<IpcDependencies, 'rendererUrl' | 'contents'>): boolean {
  if (event.sender !== deps.contents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  return url.protocol === deps.rendererUrl.protocol && url.host === deps.rendererUrl.host;
}

/**
 * Leaves the current server for `to`, once the operator confirmed it: signs out there, saves the
 * address, connects. Answers what the renderer shows.
 */
async function switchServer(deps: IpcDependencies, to: string): Promise<SetServerUrlResult> {
  const result = { ok: true, serverUrl: to } as const;
  const from = deps.settings.get().serverUrl;
  if (from && from !== to && !(await deps.confirmServerSwitch(from, to))) {
    return { ok: false, error: SERVER_SWITCH_DECLINED };
  }
  let signedOut;
  try {
    signedOut = await deps.session.switchServer(to, () => deps.settings.setServerUrl(to));
  } catch (error) {
    // The settings file could not be written (no permission, a full disk): nothing switched.
    return { ok: false, error: `${SERVER_NOT_SAVED} ${error instanceof Error ? error.message : String(error)}` };
  }
  return signedOut.ok || !from ? result : { ...result, signOutFailure: signOutFailureText(from, signedOut) };
}

/** The handler of every renderer → main channel, arguments already validated. */
function handlers(deps: IpcDependencies): Record<InvokeChannel, (args: unknown[]) => Promise<unknown>> {
  /**
   * The switch running, if any: the next waits for it. Two at once (an address sent twice, a
   * slow server's sign-out) both left the server they started on and each saved and connected
   * when its own sign-out answered, so the console could end on the address asked first, with
   * the secrets of a server signed in to meanwhile left in the keychain. In turn, each switch
   * starts from where the one before it ended, and its dialog names the server really left.
   */
  let switching: Promise<unknown> = Promise.resolve();
  return {
    [IPC_CHANNELS.adminCall]: async (args) => {
      const checked = checkAdminCall(args);
      return checked.ok ? deps.session.call(checked.call) : checked.refused;
    },
    [IPC_CHANNELS.settingsGet]: async (args) => {
      checkChannelArguments(IPC_CHANNELS.settingsGet, args);
      return deps.settings.get();
    },
    [IPC_CHANNELS.settingsSetServerUrl]: async (args): Promise<SetServerUrlResult> => {
      checkChannelArguments(IPC_CHANNELS.settingsSetServerUrl, args);
      const result = parseServerUrl(args[0] as string);
      if (!result.ok) return result;
      const switched = switching.then(() => switchServer(deps, result.serverUrl));
      // A switch that failed (the dialog could not open) does not stop the ones after it.
      switching = switched.catch(() => undefined);
      return switched;
    },
    [IPC_CHANNELS.settingsSetLastScreen]: async (args): Promise<SettingSaved> => {
      checkChannelArguments(IPC_CHANNELS.settingsSetLastScreen, args);
      try {
        deps.settings.setLastScreen(args[0] as ConsoleScreen);
        return { ok: true };
      } catch (error) {
        // No permission, a full disk: the renderer tells the operator (once), who would otherwise
        // find the console opening on another screen next time with no word why.
        console.warn(`The screen shown could not be saved: ${error instanceof Error ? error.message : String(error)}`);
        return { ok: false, file: deps.settings.file };
      }
    },
    [IPC_CHANNELS.tokenStorage]: async (args): Promise<TokenStorage> => {
      checkChannelArguments(IPC_CHANNELS.tokenStorage, args);
      const kind = deps.vault.kind();
      return kind === 'memory' && deps.vault.leftAnyInKeychain() ? SESSION_LEFT_IN_KEYCHAIN : kind;
    },
    [IPC_CHANNELS.saveExport]: async (args) => {
      checkChannelArguments(IPC_CHANNELS.saveExport, args);
      return deps.exports.save(args[0] as ExportToSave);
    },
    [IPC_CHANNELS.cancelExport]: async (args) => {
      checkChannelArguments(IPC_CHANNELS.cancelExport, args);
      deps.exports.cancel();
    },
    [IPC_CHANNELS.openExternal]: async (args) => {
      checkChannelArguments(IPC_CHANNELS.openExternal, args);
      await deps.openExternal(args[0] as string);
    },
  };
}

/**
 * The one IPC hub (electron/fiddle's shape): registers exactly the contract's channels, checks
 * every sender, validates every argument, and answers with results that never hold the token
 * (main adds it to HTTP requests itself; the admin client's outcomes carry no token).
 */
export function setupIpc(deps: IpcDependencies): void {
  for (const [channel, handle] of Object.entries(handlers(deps))) {
    ipcMain.removeHandler(channel);
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, deps)) {
        console.warn(`Dropped ${channel} from an unknown sender: ${event.senderFrame?.url ?? 'no frame'}`);
        throw new Error(UNKNOWN_SENDER);
      }
      return handle(args);
    });
  }
}
