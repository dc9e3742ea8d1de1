import { app, session, shell, type WebContents } from 'electron';
import { isExternalWebUrl, isMailtoOneAddress } from '../../src-shared/domain/external-url.ts';

/**
 * Opens an http(s) link in the system browser, or a mailto: link to one address in the mail
 * app (an applicant's email); anything else is refused.
 */
export async function openExternalSafely(url: string): Promise<void> {
  if (!isExternalWebUrl(url) && !isMailtoOneAddress(url)) {
    throw new Error('Only http and https links, and mail links to one address, can be opened');
  }
  await shell.openExternal(url);
}

/**
 * Chromium's switches that hand the window to another program over the DevTools protocol: it
 * could then drive the bridge, and so the admin API with the session in the keychain, without
 * the password. Electron's fuses close --inspect (main's Node debugger) but have none for these.
 */
const REMOTE_DEBUGGING_SWITCHES = ['remote-debugging-port', 'remote-debugging-pipe'];

/** The remote-debugging switch the packaged console was started with, if any (it then refuses to run). */
export function remoteDebuggingSwitch(packaged: boolean = app.isPackaged): string | null {
  if (!packaged) return null;
  return REMOTE_DEBUGGING_SWITCHES.find((name) => app.commandLine.hasSwitch(name)) ?? null;
}

/**
 * Whether the console's window may load `url`: its own files (the renderer's scheme and host,
 * or under `electron-vite dev` the dev server, with its hot-reload socket), and the devtools.
 * The renderer needs nothing else: the server's API is reached through main.
 */
export function isConsoleResource(url: string, renderer: URL): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol === 'devtools:') return true;
  if (parsed.host !== renderer.host) return false;
  if (parsed.protocol === renderer.protocol) return true;
  const devSocket = renderer.protocol === 'https:' ? 'wss:' : renderer.protocol === 'http:' ? 'ws:' : null;
  return parsed.protocol === devSocket;
}

/**
 * Electron's checklist items that live outside the window options: no navigation away from
 * the renderer, no new windows (links go to the system browser instead), no <webview>, every
 * permission request (camera, notifications, geolocation...) denied, and no request from any
 * page for anything but the console's own files (a second wall behind the renderer's CSP).
 */
export function setupContentSecurity(renderer: URL): void {
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  const { defaultSession } = session;
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
  defaultSession.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isConsoleResource(details.url, renderer);
    if (!allowed) console.warn(`Refused a request from the console window: ${details.url.slice(0, 200)}`);
    callback({ cancel: !allowed });
  });
}

function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Never a window of the app's own; an http(s) link opens in the system browser instead.
    if (isExternalWebUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
