import { vi } from 'vitest';
import type { AdminOutcome } from '../../../src-shared/api/admin/transport.ts';
import type { AdminApi } from '../../../src-shared/api/admin/client.ts';
import {
  ADMIN_METHODS,
  type ConsoleBridge,
  type ConsoleSettings,
  type SetServerUrlResult,
  type SettingSaved,
  type TokenStorage,
} from '../../../src-desktop/contract/bridge.ts';

/**
 * The desktop console's bridge to its main process, replaced for the renderer's tests: settings
 * naming `serverUrl` (and whatever else `settings` adds), a session check answering `validate`
 * (no session by default), a server switch answering `switched` and a last screen's save
 * answering `lastScreenSaved` (spies, to see what was asked), and the token kept as
 * `tokenStorage` says. Nothing else does anything.
 */
export function consoleBridge({
  serverUrl,
  settings,
  validate = { ok: true, value: false },
  switched = { ok: true, serverUrl },
  lastScreenSaved = { ok: true },
  tokenStorage = 'keychain',
}: {
  serverUrl: string;
  settings?: Partial<ConsoleSettings>;
  validate?: AdminOutcome<boolean>;
  switched?: SetServerUrlResult;
  lastScreenSaved?: SettingSaved;
  tokenStorage?: TokenStorage;
}): ConsoleBridge {
  // Any other admin call (a screen's list) fails, as a server refusing it would.
  const refused: AdminOutcome<never> = { ok: false, reason: 'failed', error: 'Not answered in this test' };
  const admin = {
    ...Object.fromEntries(ADMIN_METHODS.map((method) => [method, async () => refused])),
    validate: async () => validate,
  } as unknown as AdminApi;
  return {
    admin,
    settings: {
      get: async () => ({ serverUrl, lastScreen: 'leads', ...settings }),
      setServerUrl: vi.fn(async () => switched),
      setLastScreen: vi.fn(async () => lastScreenSaved),
    },
    tokenStorage: async () => tokenStorage,
    saveExport: async () => ({ status: 'cancelled' }),
    cancelExport: async () => undefined,
    onExportProgress: () => () => undefined,
    openExternal: async () => undefined,
    onShowScreen: () => () => undefined,
  };
}
