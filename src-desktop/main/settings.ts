import { renameSync } from 'node:fs';
import path from 'node:path';
import Store from 'electron-store';
import { CONSOLE_SCREENS, type ConsoleScreen, type ConsoleSettings } from '../contract/bridge.ts';
import { parseServerUrl } from './server-url.ts';
import type { RemovalLedger } from './token-vault.ts';

export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the console remembers between launches (electron-store writes it atomically). */
interface StoredSettings extends Omit<ConsoleSettings, 'resetBackupPath' | 'refusedServerUrl' | 'unsavedSettings'> {
  bounds: WindowBounds | null;
  /** Keychain accounts (server origins, never secrets) whose entries a run could not remove. */
  pendingKeychainRemovals: string[];
}

const DEFAULTS: StoredSettings = { serverUrl: null, lastScreen: 'leads', bounds: null, pendingKeychainRemovals: [] };

const integer = { type: 'integer' } as const;
/** A file edited by hand into something else is treated like a corrupt one: backed up and replaced. */
const SCHEMA = {
  serverUrl: { type: ['string', 'null'], maxLength: 2048 },
  lastScreen: { type: 'string', enum: [...CONSOLE_SCREENS] },
  pendingKeychainRemovals: { type: 'array', items: { type: 'string', maxLength: 2100 }, maxItems: 1000 },
  bounds: {
    anyOf: [
      { type: 'null' },
      {
        type: 'object',
        properties: { x: integer, y: integer, width: { type: 'integer', minimum: 1 }, height: { type: 'integer', minimum: 1 } },
        required: ['x', 'y', 'width', 'height'],
      },
    ],
  },
} as const;

export interface SettingsStore extends RemovalLedger {
  /** The settings file (settings.json in the userData folder), for the operator when it cannot be written. */
  readonly file: string;
  /** The settings, with `resetBackupPath` when this launch had to start them afresh. */
  get(): ConsoleSettings;
  setServerUrl(serverUrl: string): void;
  setLastScreen(screen: ConsoleScreen): void;
  bounds(): WindowBounds | null;
  setBounds(bounds: WindowBounds): void;
}

export interface SettingsOptions {
  /** The folder of settings.json: Electron's userData folder in the app. */
  cwd: string;
  now?: () => Date;
}

/**
 * Whether electron-store refused the file for its contents: conf's own tests for the errors its
 * `clearInvalidConfig` would discard (JSON.parse's SyntaxError, its schema violation). Anything
 * else (no permission, a folder in the file's place, a full disk) is not the file's fault and
 * must not cost the operator their settings.
 */
function isUnusableFile(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'SyntaxError' || error.message.startsWith('Config schema violation:');
}

/** Where the settings live: electron-store's file, or memory when no file can be written. */
interface Backing {
  /** One setting, or its default when the file lacks it. */
  get<Key extends keyof StoredSettings>(key: Key): StoredSettings[Key];
  set<Key extends keyof StoredSettings>(key: Key, value: StoredSettings[Key]): void;
}

/**
 * electron-store's file. It reads the file at every get, and one removed while the console runs
 * (to start afresh) reads as an empty object: each setting then answers its default.
 */
function fileBacking(store: Store<StoredSettings>): Backing {
  return { get: (key) => store.get(key, DEFAULTS[key]), set: (key, value) => store.set(key, value) };
}

/**
 * The defaults, in memory for this run: the operator can still choose a server and work. A
 * keychain removal to do at the next launch cannot be noted there, so that write throws, as a
 * refused file write would, and the vault says what the keychain may keep (token-vault.ts).
 */
function memoryBacking(file: string): Backing {
  const memory: StoredSettings = { ...DEFAULTS };
  return {
    get: (key) => memory[key],
    set: (key, value) => {
      if (key === 'pendingKeychainRemovals') {
        throw new Error(`The console's settings are kept in memory only, because ${file} cannot be replaced`);
      }
      memory[key] = value;
    },
  };
}

/**
 * Opens the settings. A file that is not valid JSON or breaks the schema is renamed to
 * `settings.corrupt-<time>.json` beside it, then the defaults start a new file: the operator
 * loses nothing silently, is told where the old file went, and can recover by hand. When that
 * recovery fails too (a read-only folder, a full disk), the console still starts, on its
 * defaults in memory, and tells the operator (`unsavedSettings`); the unreadable file stays
 * where the failed step left it, unchanged. Other errors are thrown as they are.
 */
export function openSettings(options: SettingsOptions): SettingsStore {
  const storeOptions = {
    name: 'settings',
    defaults: DEFAULTS,
    schema: SCHEMA,
    clearInvalidConfig: false,
    cwd: options.cwd,
  };
  // The path electron-store uses, known here although its constructor may be what failed.
  const file = path.join(options.cwd, `${storeOptions.name}.json`);
  let backing: Backing;
  let resetBackupPath: string | null = null;
  let unsavedSettings: ConsoleSettings['unsavedSettings'] = undefined;
  try {
    backing = fileBacking(new Store<StoredSettings>(storeOptions));
  } catch (error) {
    if (!isUnusableFile(error)) throw error;
    const stamp = (options.now?.() ?? new Date()).toISOString().replaceAll(':', '-');
    const backup = path.join(path.dirname(file), `${storeOptions.name}.corrupt-${stamp}.json`);
    let keptAt = file;
    try {
      renameSync(file, backup);
      keptAt = backup;
      backing = fileBacking(new Store<StoredSettings>(storeOptions));
      resetBackupPath = backup;
      console.warn(`The console's settings file could not be read and was moved to ${backup}: ${String(error)}`);
    } catch (recoveryError) {
      backing = memoryBacking(file);
      unsavedSettings = { keptAt };
      console.warn(
        `The console's settings file could not be read (${String(error)}) nor replaced (${String(recoveryError)}), so the settings are kept in memory for this run; the file is at ${keptAt}.`,
      );
    }
  }
  const read = backing.get;
  return {
    file,
    get: () => {
      // An address an earlier version accepted (http to another machine) is not used any more.
      const stored = read('serverUrl');
      const checked = stored === null ? null : parseServerUrl(stored);
      return {
        serverUrl: checked?.ok ? checked.serverUrl : null,
        lastScreen: read('lastScreen'),
        ...(stored !== null && checked && !checked.ok ? { refusedServerUrl: { url: stored, error: checked.error } } : {}),
        ...(resetBackupPath ? { resetBackupPath } : {}),
        ...(unsavedSettings ? { unsavedSettings } : {}),
      };
    },
    setServerUrl: (serverUrl) => backing.set('serverUrl', serverUrl),
    setLastScreen: (screen) => backing.set('lastScreen', screen),
    bounds: () => read('bounds'),
    setBounds: (bounds) => backing.set('bounds', bounds),
    pendingKeychainRemovals: () => read('pendingKeychainRemovals'),
    setPendingKeychainRemovals: (accounts) => backing.set('pendingKeychainRemovals', accounts),
  };
}
