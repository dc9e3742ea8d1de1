import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminApi } from '../../../src-shared/api/admin/client.ts';
import type { AdminOutcome } from '../../../src-shared/api/admin/transport.ts';
import type { ConsoleBridge } from '../../../src-desktop/contract/bridge.ts';
import { ConsoleApp } from '../../../src-desktop/renderer/ConsoleApp.tsx';
import { openedModal } from '../support/modal-dialog.ts';

const SERVER = 'https://admin.example.com';

/** A console bridge on SERVER whose session check answers `validate`. */
function bridgeAnswering(validate: AdminOutcome<boolean>): ConsoleBridge {
  const admin = { validate: async () => validate } as unknown as AdminApi;
  return {
    admin,
    settings: {
      get: async () => ({ serverUrl: SERVER, lastScreen: 'leads' }),
      setServerUrl: async (url) => ({ ok: true, serverUrl: url }),
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

describe('the console started while its server is down (renderer, main replaced)', () => {
  it('says the server could not be reached, instead of only asking for the password as if the session had ended', async () => {
    render(<ConsoleApp bridge={bridgeAnswering({ ok: false, reason: 'network' })} />);
    await openedModal('alertdialog');
    expect((await screen.findByText('The server could not be reached.')).closest('[role="status"]')?.textContent).toContain(
      SERVER,
    );
  });

  it('says nothing of the kind when the server answers', async () => {
    render(<ConsoleApp bridge={bridgeAnswering({ ok: true, value: false })} />);
    await openedModal('alertdialog');
    expect(screen.queryByText('The server could not be reached.')).toBeNull();
  });
});
