import { app, session, shell, type WebContents } from 'electron';
import { isExternalWebUrl } from '../../src-shared/domain/external-url.ts';

/** Opens an http(s) link in the system browser; anything else is refused. */
export async function openExternalSafely(url: string): Promise<void> {
  if (!isExternalWebUrl(url)) throw new Error('Only http and https links can be opened');
  await shell.openExternal(url);
}

/**
 * Electron's checklist items that live outside the window options: no navigation away from
 * the renderer, no new windows (links go to the system browser instead), no <webview>, and
 * every permission request (camera, notifications, geolocation...) denied.
 */
export function setupContentSecurity(): void {
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
  const { defaultSession } = session;
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
}

function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
