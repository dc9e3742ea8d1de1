import path from 'node:path';
import { app, BrowserWindow, screen, type BrowserWindowConstructorOptions } from 'electron';
import { RENDERER_ENTRY } from './renderer-protocol.ts';
import { isLoopbackHost } from './server-url.ts';
import type { SettingsStore, WindowBounds } from './settings.ts';

/** Where electron-vite puts the preload and renderer, beside the built main (out/desktop/main). */
const BUILD_DIR = path.join(import.meta.dirname, '..');

/** The built renderer, which the console's app:// scheme serves. */
export const RENDERER_DIR = path.join(BUILD_DIR, 'renderer');

/**
 * The renderer's address: the built renderer on the console's own scheme, never file://. Only
 * an unpackaged app under `electron-vite dev` (electron-vite's `is.dev`: `!app.isPackaged`)
 * takes the dev server's address from ELECTRON_RENDERER_URL, and only on this computer: in the
 * packaged app that variable would hand the window, and with it the IPC hub (which accepts
 * messages only from frames showing this origin), to whatever page it names.
 */
export function rendererUrl(env: NodeJS.ProcessEnv = process.env, packaged: boolean = app.isPackaged): URL {
  const devServer = packaged ? undefined : env.ELECTRON_RENDERER_URL;
  if (!devServer) return new URL(RENDERER_ENTRY);
  const url = URL.canParse(devServer) ? new URL(devServer) : null;
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)) return url;
  console.warn(`ELECTRON_RENDERER_URL is not a dev server on this computer, so the built renderer is used: ${devServer}`);
  return new URL(RENDERER_ENTRY);
}

const DEFAULT_SIZE = { width: 1280, height: 800 };

/**
 * The window's options: Electron's security checklist (contextIsolation, sandbox, no Node in
 * the renderer, webSecurity on, no experimental features, no <webview>), and the bounds the
 * operator left it with when they still fit on a screen.
 */
export function mainWindowOptions(bounds: WindowBounds | null): BrowserWindowConstructorOptions {
  return {
    ...(bounds ?? DEFAULT_SIZE),
    minWidth: 800,
    minHeight: 560,
    title: 'HireAssist Console',
    show: false,
    webPreferences: {
      preload: path.join(BUILD_DIR, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/** Saved bounds only when some display still shows them (a monitor may have been unplugged). */
function visibleBounds(bounds: WindowBounds | null): WindowBounds | null {
  if (!bounds) return null;
  const onScreen = screen.getAllDisplays().some(({ workArea }) => {
    const overlapX = Math.min(bounds.x + bounds.width, workArea.x + workArea.width) - Math.max(bounds.x, workArea.x);
    const overlapY = Math.min(bounds.y + bounds.height, workArea.y + workArea.height) - Math.max(bounds.y, workArea.y);
    return overlapX >= 100 && overlapY >= 100;
  });
  return onScreen ? bounds : null;
}

/**
 * Stores where the window was, if the settings can be written. A throw from the close listener
 * would reach Electron's uncaught-exception handler, an error box at every quit on a full disk.
 */
function rememberBounds(settings: SettingsStore, bounds: WindowBounds): void {
  try {
    settings.setBounds(bounds);
  } catch (error) {
    console.warn(`The window's size and place could not be saved: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Creates the console window on `renderer` where the operator left it, and remembers its bounds on close. */
export function setupMainWindow(settings: SettingsStore, renderer: URL): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(visibleBounds(settings.bounds())));
  window.once('ready-to-show', () => window.show());
  window.on('close', () => rememberBounds(settings, window.getNormalBounds()));
  void window.loadURL(renderer.href);
  return window;
}
