import type { AdminApi } from '../../src-shared/api/admin/client.ts';
import type { FileToSave, SaveFileResult } from '../../src-shared/domain/platform.ts';

/**
 * The one contract between the console's renderer and its main process. The preload script
 * exposes an object of this type as `window.hireAssistConsole`; main answers each call over
 * IPC. The admin token never crosses it: main keeps the token and adds it to every call.
 */
export interface ConsoleBridge {
  /** The admin API, called in main with the token main holds. Same outcomes as the web client. */
  admin: AdminApi;
  settings: {
    get(): Promise<ConsoleSettings>;
    /** Validates (http or https only) and stores the server URL; switching servers signs out. */
    setServerUrl(url: string): Promise<SetServerUrlResult>;
    setLastScreen(screen: ConsoleScreen): Promise<void>;
  };
  /** Where the admin token is kept: the OS keychain, or memory only when none is available. */
  tokenStorage(): Promise<TokenStorageKind>;
  /** Opens the native save dialog with the suggested name; main writes the file atomically. */
  saveFile(file: FileToSave): Promise<SaveFileResult>;
  /** Opens an http(s) link in the system browser; anything else is refused in main. */
  openExternal(url: string): Promise<void>;
  /** The menu or a keyboard shortcut asked for a screen. Returns the unsubscribe function. */
  onShowScreen(listener: (screen: ConsoleScreen) => void): () => void;
}

export const CONSOLE_SCREENS = ['leads', 'users', 'blog', 'audit', 'outbox', 'applications'] as const;
export type ConsoleScreen = (typeof CONSOLE_SCREENS)[number];

export const DEFAULT_SERVER_URL = 'http://localhost:3000';

export interface ConsoleSettings {
  /** null until the operator has chosen a server on first run. */
  serverUrl: string | null;
  lastScreen: ConsoleScreen;
  /**
   * Only on a launch that found the settings file unreadable and started afresh: where the old
   * file was moved, so the console can tell the operator.
   */
  resetBackupPath?: string;
}

export type SetServerUrlResult = { ok: true; serverUrl: string } | { ok: false; error: string };

export type TokenStorageKind = 'keychain' | 'memory';

/** IPC channel names, one per call; main registers exactly these and nothing else. */
export const IPC_CHANNELS = {
  adminCall: 'console:admin-call',
  settingsGet: 'console:settings-get',
  settingsSetServerUrl: 'console:settings-set-server-url',
  settingsSetLastScreen: 'console:settings-set-last-screen',
  tokenStorage: 'console:token-storage',
  saveFile: 'console:save-file',
  openExternal: 'console:open-external',
  /** main → renderer */
  showScreen: 'console:show-screen',
} as const;

/**
 * Every AdminApi method by name, for the preload (which builds the bridge's `admin` object)
 * and main (which accepts exactly these); the `satisfies` keeps it complete.
 */
export const ADMIN_METHODS = Object.keys({
  login: true,
  validate: true,
  logout: true,
  listLeads: true,
  listUsers: true,
  enableUser: true,
  disableUser: true,
  deleteUser: true,
  listAudit: true,
  listOutbox: true,
  listAffiliateApplications: true,
  recordExport: true,
  listPublishedPosts: true,
  savePostHtml: true,
} satisfies Record<keyof AdminApi, true>) as (keyof AdminApi)[];

/** The payload of IPC_CHANNELS.adminCall: one AdminApi method and its arguments. */
export type AdminCall = {
  [Method in keyof AdminApi]: { method: Method; args: Parameters<AdminApi[Method]> };
}[keyof AdminApi];

declare global {
  interface Window {
    /** Present only inside the desktop console (and its test bridge). */
    hireAssistConsole?: ConsoleBridge;
  }
}
