import { vi } from 'vitest';
import type { AdminOutcome } from '../../../src-shared/api/admin/transport.ts';
import type { AdminApi } from '../../../src-shared/api/admin/client.ts';
import type { ConsoleBridge, ConsoleSettings, SetServerUrlResult } from '../../../src-desktop/contract/bridge.ts';

/**
 * The desktop console's bridge to its main process, replaced for the renderer's tests: settings
 * naming `serverUrl` (and whatever else `settings` adds), a session check answering `validate`
 * (no session by default), and a server switch answering `switched` (a spy, to see what was
 * asked). Nothing else does anything.
 */
export function consoleBridge({
  serverUrl,
  settings,
  validate = { ok: true, value: false },
  switched = { ok: true, serverUrl },
}: {
  serverUrl: string;
  settings?: Partial<ConsoleSettings>;
  validate?: AdminOutcome<boolean>;
  switched?: SetServerUrlResult;
}): ConsoleBridge {
  const admin = { validate: async () => validate } as unknown as AdminApi;
  return {
    admin,
    settings: {
      get: async () => ({ serverUrl, lastScreen: 'leads', ...settings }),
      setServerUrl: vi.fn(async () => switched),
      setLastScreen: async () => undefined,
    },
    tokenStorage: async () => 'keychain',
    saveExport: async () => ({ status: 'cancelled' }),
    cancelExport: async () => undefined,
    onExportProgress: () => () => undefined,
    openExternal: async () => undefined,
    onShowScreen: () => () => undefined,
  };
}
