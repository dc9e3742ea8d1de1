import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import Store from 'electron-store';
import { CONSOLE_SCREENS, type ConsoleScreen, type ConsoleSettings } from '../contract/bridge.ts';

export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the console remembers between launches (electron-store writes it atomically). */
interface StoredSettings extends ConsoleSettings {
  bounds: WindowBounds | null;
}

const DEFAULTS: StoredSettings = { serverUrl: null, lastScreen: 'leads', bounds: null };

const integer = { type: 'integer' } as const;
/** A file edited by hand into something else is treated like a corrupt one: backed up and replaced. */
const SCHEMA = {
  serverUrl: { type: ['string', 'null'], maxLength: 2048 },
  lastScreen: { type: 'string', enum: [...CONSOLE_SCREENS] },
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

export interface SettingsStore {
  get(): ConsoleSettings;
  setServerUrl(serverUrl: string): void;
  setLastScreen(screen: ConsoleScreen): void;
  bounds(): WindowBounds | null;
  setBounds(bounds: WindowBounds): void;
  /** The settings file's path. */
  path: string;
  /** Where an unreadable settings file was moved at start-up, if one was. */
  backupPath: string | null;
}

export interface SettingsOptions {
  /** The folder of settings.json: Electron's userData folder in the app. */
  cwd: string;
  now?: () => Date;
}

/**
 * Opens the settings. A file that is not valid JSON or breaks the schema is renamed to
 * `settings.corrupt-<time>.json` beside it, then the defaults start a new file: the operator
 * loses nothing silently and can recover by hand.
 */
export function openSettings(options: SettingsOptions): SettingsStore {
  const storeOptions = {
    name: 'settings',
    defaults: DEFAULTS,
    schema: SCHEMA,
    clearInvalidConfig: false,
    cwd: options.cwd,
  };
  let store: Store<StoredSettings>;
  let backupPath: string | null = null;
  try {
    store = new Store<StoredSettings>(storeOptions);
  } catch (error) {
    // The path electron-store uses, known here although its constructor is what failed.
    const file = path.join(options.cwd, `${storeOptions.name}.json`);
    if (!existsSync(file)) throw error;
    const stamp = (options.now?.() ?? new Date()).toISOString().replaceAll(':', '-');
    backupPath = path.join(path.dirname(file), `${storeOptions.name}.corrupt-${stamp}.json`);
    renameSync(file, backupPath);
    console.warn(`The console's settings file could not be read and was moved to ${backupPath}: ${String(error)}`);
    store = new Store<StoredSettings>(storeOptions);
  }
  return {
    get: () => ({ serverUrl: store.get('serverUrl'), lastScreen: store.get('lastScreen') }),
    setServerUrl: (serverUrl) => store.set('serverUrl', serverUrl),
    setLastScreen: (screen) => store.set('lastScreen', screen),
    bounds: () => store.get('bounds'),
    setBounds: (bounds) => store.set('bounds', bounds),
    path: store.path,
    backupPath,
  };
}
