import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { createFetchAdminApi, type AdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import { createAdminHttp } from '../../../src-shared/api/admin/transport.ts';
import type { ExportToSave, TokenStore } from '../../../src-shared/domain/platform.ts';
import { createExportSaver } from '../../../src-desktop/main/save-export.ts';
import {
  ADMIN_METHODS,
  CONSOLE_SCREENS,
  IPC_CHANNELS,
  type ConsoleBridge,
  type ConsoleScreen,
  type ConsoleSettings,
  type TokenStorageKind,
} from '../../../src-desktop/contract/bridge.ts';
import { parseServerUrl } from '../../../src-desktop/main/server-url.ts';
import { closeHttpServer, listenOnLoopback } from '../../support/free-port.ts';

const RENDERER_ROOT = path.resolve('src-desktop/renderer');

/** Builds the console's renderer as electron-vite would (its own root, relative asset paths). */
export async function buildRenderer(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: RENDERER_ROOT,
    base: './',
    plugins: [react()],
    logLevel: 'warn',
    // One local bundle: its size costs no download, so the size warning says nothing here.
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 4096 },
  });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves the built renderer on a loopback port, standing in for the console's app:// scheme
 * (the Electron binary cannot run here).
 * It serves files of `dir` only; everything else is a 404.
 */
export async function serveDirectory(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir + path.sep)) {
      response.writeHead(404).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) throw new Error('not a file');
        response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  const url = await listenOnLoopback(server);
  return {
    url: `${url}/`,
    // Called while the page that loaded from it may still be open: its keep-alive sockets would
    // otherwise hold the close. Once a journey hung 175 s here in a full run.
    close: () => closeHttpServer(server),
  };
}

export interface TestBridgeOptions {
  /** Where exports are saved (the native save dialog's choice in the real console). */
  saveDir: string;
  tokenStorage?: TokenStorageKind;
  /** Settings from an earlier run; without them the console starts as on first run. */
  settings?: ConsoleSettings;
  /** A session kept from an earlier run (in the keychain), for the settings' server. */
  keptToken?: string;
}

/**
 * A stand-in for the console's preload and main process, because the Electron binary cannot
 * run here. The page gets `window.hireAssistConsole` with the contract's shape; every call
 * crosses to Node, where, as in main, the real admin client (createFetchAdminApi with a token
 * store the page never sees) talks to the real server. It records what it returns to the page.
 */
export class TestConsoleBridge {
  readonly settings: ConsoleSettings = { serverUrl: null, lastScreen: 'leads' };
  /** Every value handed back to the page, to check that no token is among them. */
  readonly returned: unknown[] = [];
  /** Every admin token the Node side held. */
  readonly tokens: string[] = [];
  readonly opened: string[] = [];
  private admin: AdminApi | null = null;
  private tokenStore: TokenStore | null = null;
  /** Main's own export saver, its save dialog answered with saveDir and the suggested name. */
  private readonly exports = createExportSaver({
    showSaveDialog: async (dialog) => {
      await mkdir(this.options.saveDir, { recursive: true });
      return { canceled: false, filePath: path.join(this.options.saveDir, path.basename(dialog.defaultPath)) };
    },
    defaultDirectory: '/nowhere',
    download: async (exportPath, signal) => {
      if (!this.settings.serverUrl || !this.tokenStore) return { ok: false, reason: 'failed', error: 'No server chosen yet' };
      return createAdminHttp({ baseUrl: this.settings.serverUrl, tokenStore: this.tokenStore }).download(exportPath, signal);
    },
    onProgress: () => undefined,
  });

  constructor(private readonly options: TestBridgeOptions) {
    if (options.settings) Object.assign(this.settings, options.settings);
    if (this.settings.serverUrl) this.admin = this.adminFor(this.settings.serverUrl, options.keptToken);
  }

  async install(page: Page): Promise<void> {
    await page.exposeFunction('__hireAssistConsoleCall', async (channel: string, args: unknown[]) => {
      const value = await this.handle(channel, args);
      this.returned.push(value);
      return value;
    });
    await page.addInitScript(
      ({ methods, channels }) => {
        type Call = (channel: string, args: unknown[]) => Promise<never>;
        const call = (channel: string, ...args: unknown[]) =>
          (window as unknown as { __hireAssistConsoleCall: Call }).__hireAssistConsoleCall(channel, args);
        const listeners = new Set<(screen: ConsoleScreen) => void>();
        const bridge: ConsoleBridge = {
          admin: Object.fromEntries(
            methods.map((method) => [method, (...args: unknown[]) => call(channels.adminCall, { method, args })]),
          ) as unknown as AdminApi,
          settings: {
            get: () => call(channels.settingsGet),
            setServerUrl: (url) => call(channels.settingsSetServerUrl, url),
            setLastScreen: (screen) => call(channels.settingsSetLastScreen, screen),
          },
          tokenStorage: () => call(channels.tokenStorage),
          saveExport: (request) => call(channels.saveExport, request),
          cancelExport: () => call(channels.cancelExport),
          onExportProgress: () => () => undefined,
          openExternal: (url) => call(channels.openExternal, url),
          onShowScreen(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
        };
        Object.defineProperty(window, 'hireAssistConsole', { value: Object.freeze(bridge) });
        // What main's menu does (Ctrl+1…6): the test calls it to play a menu click.
        Object.defineProperty(window, '__hireAssistShowScreen', {
          value: (screen: ConsoleScreen) => listeners.forEach((listener) => listener(screen)),
        });
      },
      { methods: ADMIN_METHODS, channels: IPC_CHANNELS },
    );
  }

  /** Plays main's menu asking for a screen. */
  showScreen(page: Page, screen: ConsoleScreen): Promise<void> {
    return page.evaluate(
      (next) => (window as unknown as { __hireAssistShowScreen(screen: string): void }).__hireAssistShowScreen(next),
      screen,
    );
  }

  private adminFor(serverUrl: string, keptToken?: string): AdminApi {
    const store = createMemoryTokenStore();
    if (keptToken) void store.write(keptToken);
    const recorded = { ...store, write: async (token: string) => (this.tokens.push(token), store.write(token)) };
    this.tokenStore = recorded;
    return createFetchAdminApi({ baseUrl: serverUrl, tokenStore: recorded });
  }

  private async handle(channel: string, args: unknown[]): Promise<unknown> {
    switch (channel) {
      case IPC_CHANNELS.settingsGet:
        return { ...this.settings };
      case IPC_CHANNELS.settingsSetServerUrl: {
        const result = parseServerUrl(String(args[0]));
        if (result.ok && result.serverUrl !== this.settings.serverUrl) {
          // As main does: another server means another session.
          await this.admin?.logout();
          this.settings.serverUrl = result.serverUrl;
          this.admin = this.adminFor(result.serverUrl);
        }
        return result;
      }
      case IPC_CHANNELS.settingsSetLastScreen: {
        const screen = args[0] as ConsoleScreen;
        if (!CONSOLE_SCREENS.includes(screen)) throw new Error(`Unknown screen ${String(screen)}`);
        this.settings.lastScreen = screen;
        return { ok: true };
      }
      case IPC_CHANNELS.tokenStorage:
        return this.options.tokenStorage ?? 'keychain';
      case IPC_CHANNELS.saveExport:
        return this.exports.save(args[0] as ExportToSave);
      case IPC_CHANNELS.cancelExport:
        return this.exports.cancel();
      case IPC_CHANNELS.openExternal:
        this.opened.push(String(args[0]));
        return undefined;
      case IPC_CHANNELS.adminCall: {
        const { method, args: callArgs } = args[0] as { method: keyof AdminApi; args: unknown[] };
        if (!this.admin) throw new Error('No server chosen yet');
        if (!ADMIN_METHODS.includes(method)) throw new Error(`Unknown admin method ${String(method)}`);
        return (this.admin[method] as (...values: unknown[]) => Promise<unknown>)(...callArgs);
      }
      default:
        throw new Error(`Unknown channel ${channel}`);
    }
  }
}
