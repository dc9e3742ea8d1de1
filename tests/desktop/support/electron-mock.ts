import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import { USER_DATA_ROOT_ENV } from './user-data-root.ts';

/**
 * A stand-in for the `electron` module: the Electron binary cannot run on these machines, so
 * main-process modules are tested with this in its place (every test using it says
 * "electron mocked" in its name). It records what main registers so tests can drive it.
 */
type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const handlers = new Map<string, Handler>();
// A fresh folder for each stand-in, inside the run's folder that user-data-root.ts removes at the end.
const userData = mkdtempSync(path.join(process.env[USER_DATA_ROOT_ENV] ?? tmpdir(), 'console-userdata-'));

export const ipcMain = {
  handle: vi.fn((channel: string, handler: Handler) => {
    handlers.set(channel, handler);
  }),
  removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
  on: vi.fn(),
};

export const app = {
  getPath: vi.fn((_name: string) => userData),
  getVersion: vi.fn(() => '0.1.0'),
  on: vi.fn(),
  setName: vi.fn(),
  requestSingleInstanceLock: vi.fn(() => true),
  whenReady: vi.fn(() => Promise.resolve()),
  quit: vi.fn(),
  exit: vi.fn((_code?: number) => undefined),
  /** What a built, installed app says; tests of the packaged app set it to true. */
  isPackaged: false,
  /** The switches the console was started with (none unless a test adds some). */
  commandLine: { hasSwitch: vi.fn((_name: string) => false) },
};

export const shell = { openExternal: vi.fn(async (_url: string) => undefined) };

export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: {
      onBeforeRequest: vi.fn(
        (_listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void) => undefined,
      ),
    },
  },
};

/** Records the schemes main registers and the handler it serves each with. */
export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handle: vi.fn((_scheme: string, _handler: (request: Request) => Response | Promise<Response>) => undefined),
};

/**
 * Chromium's network stack, which main uses to reach the server (server-fetch.ts). Unless a
 * test answers for it, a call fails as net.fetch does when nothing answers.
 */
export const net = {
  fetch: vi.fn(async (_input: string | Request, _init?: RequestInit): Promise<Response> => {
    throw new Error('net::ERR_CONNECTION_REFUSED');
  }),
};

export const dialog = {
  showSaveDialog: vi.fn(),
  showMessageBox: vi.fn(),
  showErrorBox: vi.fn((_title: string, _content: string) => undefined),
};
export const screen = { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) };
export const Menu = { buildFromTemplate: vi.fn((template: unknown) => template), setApplicationMenu: vi.fn() };
/** Records the options of every window main opens, and what it loads. */
export class BrowserWindow {
  static created: BrowserWindow[] = [];
  loaded: string | null = null;
  readonly webContents = { send: vi.fn() };
  constructor(readonly options: Record<string, unknown>) {
    BrowserWindow.created.push(this);
  }
  /** The window's listeners by event, which `emit` calls as Electron would (a throw escapes to main). */
  readonly listeners = new Map<string, (() => void)[]>();
  once(event: string, listener: () => void) {
    this.on(event, listener);
  }
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string) {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 800 };
  }
  async loadURL(url: string) {
    this.loaded = url;
  }
}

/** The preload side: what the preload script exposes and invokes. */
export const contextBridge = { exposeInMainWorld: vi.fn() };
export const ipcRenderer = { invoke: vi.fn(async () => undefined), on: vi.fn(), removeListener: vi.fn() };

export default { app, ipcMain, shell, session, net, protocol, dialog, screen, Menu, BrowserWindow, contextBridge, ipcRenderer };

/** The console window's webContents, as tests hand it to setupIpc. */
export const consoleContents = { id: 1 };

/** Calls a registered IPC handler as Electron would, from the console window's top frame showing `frameUrl`. */
export async function invoke(channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> {
  return invokeAs(
    channel,
    { sender: consoleContents, senderFrame: frameUrl === null ? null : { url: frameUrl, parent: null } },
    ...args,
  );
}

/** Calls a registered IPC handler with the event given: another webContents, or a frame inside the page. */
export async function invokeAs(
  channel: string,
  event: { sender: unknown; senderFrame: { url: string; parent: unknown } | null },
  ...args: unknown[]
): Promise<unknown> {
  const handler = handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, ...args);
}
