import type { AdminApi } from '../../src-shared/api/admin/client.ts';
import type { ExportToSave, SaveFileResult } from '../../src-shared/domain/platform.ts';

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
    /** Validates (https, or http on this computer only) and stores the server URL; switching servers signs out. */
    setServerUrl(url: string): Promise<SetServerUrlResult>;
    /** Remembers the screen shown for the next launch; answers the settings file when it could not be written. */
    setLastScreen(screen: ConsoleScreen): Promise<SettingSaved>;
  };
  /** Where the admin token is kept: the OS keychain, or memory only when none is available. */
  tokenStorage(): Promise<TokenStorage>;
  /** Asks where to save, then main streams the server's CSV export straight into that file. */
  saveExport(request: ExportToSave): Promise<SaveFileResult>;
  /** Stops the running export (its saveExport answers 'cancelled'; no partial file stays). */
  cancelExport(): Promise<void>;
  /** Bytes the running export has written. Returns the unsubscribe function. */
  onExportProgress(listener: (bytes: number) => void): () => void;
  /** Opens an http(s) link in the system browser, or a mailto: link to one address in the mail app; anything else is refused in main. */
  openExternal(url: string): Promise<void>;
  /** The menu or a keyboard shortcut asked for a screen. Returns the unsubscribe function. */
  onShowScreen(listener: (screen: ConsoleScreen) => void): () => void;
}

export const CONSOLE_SCREENS = ['leads', 'users', 'blog', 'audit', 'outbox', 'applications'] as const;
export type ConsoleScreen = (typeof CONSOLE_SCREENS)[number];

/**
 * Each screen's name, in main's View menu and the renderer's side navigation alike (one table,
 * so the two never name a screen differently). Sentence case, as menu items and navigation
 * entries are; each screen's own heading is its title.
 */
export const CONSOLE_SCREEN_LABELS: Record<ConsoleScreen, string> = {
  leads: 'Leads',
  users: 'Users',
  blog: 'Blog pages',
  audit: 'Audit log',
  outbox: 'Mail outbox',
  applications: 'Affiliate applications',
};

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
  /**
   * Only on a launch that found the settings file unreadable and could not set it aside or write
   * a new one (a read-only folder, a full disk): the console runs on its defaults, kept in memory
   * until it closes, and the unreadable file is kept, unchanged, at `keptAt`.
   */
  unsavedSettings?: { keptAt: string };
  /** A stored server address the console no longer accepts (http to another machine), and why. */
  refusedServerUrl?: { url: string; error: string };
}

export type SetServerUrlResult =
  /** `signOutFailure`: the server left could not be told of the sign-out, in the operator's words. */
  { ok: true; serverUrl: string; signOutFailure?: string } | { ok: false; error: string };

/** Whether a setting reached the settings file; if not, the file main could not write. */
export type SettingSaved = { ok: true } | { ok: false; file: string };

export type TokenStorageKind = 'keychain' | 'memory';

/**
 * Memory, and besides the keychain may still hold a session the console was asked to end (a
 * sign-out, a switch of server) while the keychain did not answer, which it could not note for
 * removal at the next launch either, its settings not being writable: that launch may sign in
 * with it. The keychain banner then says so, and how to remove it.
 */
export const SESSION_LEFT_IN_KEYCHAIN = 'memory, session left in keychain';

/** What the console tells the operator of where the admin token is kept. */
export type TokenStorage = TokenStorageKind | typeof SESSION_LEFT_IN_KEYCHAIN;

/** IPC channel names, one per call; main registers exactly these and nothing else. */
export const IPC_CHANNELS = {
  adminCall: 'console:admin-call',
  settingsGet: 'console:settings-get',
  settingsSetServerUrl: 'console:settings-set-server-url',
  settingsSetLastScreen: 'console:settings-set-last-screen',
  tokenStorage: 'console:token-storage',
  saveExport: 'console:save-export',
  cancelExport: 'console:cancel-export',
  openExternal: 'console:open-external',
  /** main → renderer */
  showScreen: 'console:show-screen',
  /** main → renderer */
  exportProgress: 'console:export-progress',
} as const;

/**
 * Every AdminApi method by name, for the preload (which builds the bridge's `admin` object)
 * and main (which accepts exactly these); the `satisfies` keeps it complete.
 */
export const ADMIN_METHODS = Object.keys({
  login: true,
  validate: true,
  logout: true,
  revokeAllSessions: true,
  listLeads: true,
  leadDetail: true,
  leadsChart: true,
  listUsers: true,
  enableUser: true,
  disableUser: true,
  deleteUser: true,
  listAudit: true,
  listOutbox: true,
  retryOutboxMail: true,
  listAffiliateApplications: true,
  listPublishedPosts: true,
  savePostHtml: true,
  inviteUser: true,
  listGroups: true,
  listUserGroups: true,
  addUserToGroup: true,
  removeUserFromGroup: true,
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
