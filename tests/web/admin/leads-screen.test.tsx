import { render, screen, waitFor, within } from '@testing-library/react';
import { openedModal } from '../support/modal-dialog.ts';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import { LeadsScreen } from '../../../src-shared/admin/LeadsScreen.tsx';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import { createAdminHttp } from '../../../src-shared/api/admin/transport.ts';
import type { Platform, SaveFileResult } from '../../../src-shared/domain/platform.ts';
import type { ConsoleBridge } from '../../../src-desktop/contract/bridge.ts';
import { bridgePlatform } from '../../../src-desktop/renderer/bridge-platform.ts';
import { saveExportInBrowser } from '../../../src-web/features/admin/save-export.ts';
import { ADMIN_LOGIN_LIMITS } from '../../../server/features/admin/login-limits.ts';
import { adminLogin } from '../../support/admin-login.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  await server.app.database.db
    .insertInto('leads')
    .values([
      { name: 'Ada Lovelace', email: 'ada@example.com', source: 'hero_cta', created_at: new Date('2026-03-01T10:00:00Z') },
      { name: 'Grace Hopper', email: 'grace@navy.example', source: 'contact', created_at: new Date('2026-02-01T10:00:00Z') },
      {
        name: '=HYPERLINK("http://evil")',
        email: 'mallory@example.com',
        source: 'affiliate',
        created_at: new Date('2026-01-01T10:00:00Z'),
      },
    ])
    .execute();
  const [grace] = await server.app.database.db
    .selectFrom('leads')
    .select('id')
    .where('email', '=', 'grace@navy.example')
    .execute();
  await server.app.database.db
    .insertInto('mail_outbox')
    .values({ to_address: 'ops@example.com', subject: 's', text_body: 't', kind: 'contact-notification', template_params: '{}' })
    .execute();
  await server.app.database.db
    .insertInto('contact_messages')
    .values({
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      subject: 'Demo Request',
      message: 'We hire 40 engineers a year.\nCall me.',
      lead_id: grace?.id ?? 0,
      mail_id: 1,
    })
    .execute();
}, 60_000);
afterAll(() => server.close());

/**
 * The shared screens with the real fetch client against the real server. Only the save
 * dialog is replaced: a browser download cannot be read back in jsdom, so the export's
 * stream (the real server's, fetched with the token in the header) is kept as text.
 */
function setup(platformOverrides: Partial<Platform> = {}) {
  const saved: { suggestedName: string; contents: string }[] = [];
  const tokenStore = createMemoryTokenStore();
  const platform: Platform = {
    async saveExport(request) {
      const outcome = await createAdminHttp({ baseUrl: server.url, tokenStore }).download(request.path);
      if (!outcome.ok) return { status: 'failed', message: outcome.reason };
      saved.push({ suggestedName: request.suggestedName, contents: await outcome.value.text() });
      return { status: 'saved', location: request.suggestedName };
    },
    openExternal: async () => {},
    ...platformOverrides,
  };
  const api = createFetchAdminApi({ baseUrl: server.url, tokenStore });
  const cancelled: number[] = [];
  const { unmount } = render(
    <AdminGate api={api} platform={platform} variant="leads" title="Lead Management" onCancel={() => cancelled.push(1)}>
      <LeadsScreen />
    </AdminGate>,
  );
  return { saved, cancelled, token: () => tokenStore.read(), tokenStore, unmount };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  // A role query walks the whole page (the table, the chart's table): on two busy cores it takes over the default second.
  const dialog = await openedModal('alertdialog');
  await user.type(within(dialog).getByLabelText(/Admin password/), password);
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
}

describe('Lead Management with the admin password dialog', () => {
  it('asks for the password first: Login disabled while empty, Escape does not close it', async () => {
    const user = userEvent.setup();
    setup();
    const dialog = await openedModal('alertdialog');
    expect(within(dialog).getByText('Admin Authentication')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it("shows 'Invalid password' for a wrong password on the leads dialog", async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user, 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid password');
  });

  it('tells an operator locked out by failed attempts, right password and all, to come back later instead of calling it wrong', async () => {
    const user = userEvent.setup();
    // A clean hour (the wrong password above counted too), then strangers' guesses from this address up to its limit.
    const forgetFailures = () => server.app.database.db.deleteFrom('admin_login_attempts').execute();
    await forgetFailures();
    try {
      for (let attempt = 0; attempt < ADMIN_LOGIN_LIMITS.perIpPerHour; attempt++) {
        expect((await adminLogin(server, `a stranger's guess ${attempt}`)).status).toBe(401);
      }
      setup();
      await logIn(user);
      expect((await screen.findByRole('alert')).textContent).toMatch(
        /^Too many failed login attempts from your address\. Try again in \d+ minutes?\.$/,
      );
    } finally {
      await forgetFailures();
    }
  });

  it('Cancel leaves the admin area', async () => {
    const user = userEvent.setup();
    const { cancelled } = setup();
    await user.click(within(await openedModal('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toHaveLength(1);
  });

  it('after login lists the leads newest first, searches on the server, sorts, opens a lead and exports the search', async () => {
    const user = userEvent.setup();
    const { saved, token } = setup();
    await logIn(user);
    expect(await screen.findByText('Showing 3 of 3 leads', undefined, { timeout: 5000 })).toBeTruthy();
    expect(await token()).toMatch(/\./);
    // The login dialog's modal layer hands the page back once it has gone.
    await waitFor(() => expect(screen.getByRole('table', { name: 'Leads' })).toBeTruthy(), { timeout: 5000 });
    const names = () =>
      within(screen.getByRole('table', { name: 'Leads' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['Ada Lovelace', 'Grace Hopper', '=HYPERLINK("http://evil")']);

    await user.click(screen.getByRole('columnheader', { name: /Created At/ }));
    await waitFor(() => expect(names()).toEqual(['=HYPERLINK("http://evil")', 'Grace Hopper', 'Ada Lovelace']));
    await user.click(screen.getByRole('columnheader', { name: /Created At/ }));
    await waitFor(() => expect(names()).toEqual(['Ada Lovelace', 'Grace Hopper', '=HYPERLINK("http://evil")']));

    await user.type(screen.getByRole('searchbox'), 'NAVY');
    expect(await screen.findByText('Showing 1 of 1 leads')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open Grace Hopper' }));
    // hidden: the login dialog's modal layer may still mark the page aria-hidden in jsdom (issue 25 item 1).
    const drawer = await screen.findByRole('dialog', { hidden: true }, { timeout: 5000 });
    expect(await within(drawer).findByText('Subject: Demo Request', undefined, { timeout: 5000 })).toBeTruthy();
    expect(within(drawer).getByText(/We hire 40 engineers a year/)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'mallory');
    await waitFor(() => expect(names()).toEqual(['=HYPERLINK("http://evil")']));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.suggestedName).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await screen.findByText(`Exported the leads to ${saved[0]?.suggestedName}`)).toBeTruthy();
    const csv = Papa.parse<string[]>(saved[0]?.contents ?? '').data;
    expect(csv).toEqual([
      ['Name', 'Email', 'Source', 'Created At'],
      ['\'=HYPERLINK("http://evil")', 'mallory@example.com', 'affiliate', '2026-01-01T10:00:00.000Z'],
    ]);
    await waitFor(async () => {
      const audit = await server.app.database.db
        .selectFrom('audit_events')
        .selectAll()
        .where('event_type', '=', 'admin.export')
        .execute();
      expect(audit[0]).toMatchObject({ subject: 'leads', details: { rowCount: 1, search: { q: 'mallory' } } });
    });

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody-matches');
    expect(await screen.findByText('No leads found matching your search.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });

  it('leaving the screen while an export runs cancels it in main, which runs one at a time (the console IPC bridge replaced)', async () => {
    const user = userEvent.setup();
    // Main's side of the bridge: the export streams until cancelExport, then answers 'cancelled'.
    const cancels: string[] = [];
    let finish: (result: SaveFileResult) => void = () => {};
    const bridge = {
      saveExport: () => new Promise<SaveFileResult>((resolve) => (finish = resolve)),
      cancelExport: async () => {
        cancels.push('cancelExport');
        finish({ status: 'cancelled' });
      },
      onExportProgress: () => () => {},
    } as Partial<ConsoleBridge> as ConsoleBridge;
    const { unmount } = setup({ saveExport: bridgePlatform(bridge).saveExport });
    await logIn(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false), {
      timeout: 5000,
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting… 0.0 MB written')).toBeTruthy();
    unmount();
    expect(cancels).toEqual(['cancelExport']);
  });

  it('an export refused for a session that ended behind its back brings up the password dialog (the web download)', async () => {
    const user = userEvent.setup();
    // The web platform's download asks its own origin; here that origin is the test server.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      typeof input === 'string' && input.startsWith('/') ? server.fetch(input, init) : realFetch(input, init),
    );
    try {
      const { tokenStore } = setup({
        saveExport: (request, onProgress, signal) => saveExportInBrowser(tokenStore, request, onProgress, signal),
      });
      await logIn(user);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(false), {
        timeout: 5000,
      });
      // The session ends elsewhere (another sign-out, or its 12 hours are up).
      const token = await tokenStore.read();
      await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(within(await openedModal('alertdialog')).getByText('Admin Authentication')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('after a 401 mid-search asks for the password again and, logged back in, shows the same search, answered again', async () => {
    const user = userEvent.setup();
    const { token } = setup();
    await logIn(user);
    await waitFor(() => expect(screen.getByRole('table', { name: 'Leads' })).toBeTruthy(), { timeout: 5000 });
    await user.type(screen.getByRole('searchbox'), 'NAVY');
    expect(await screen.findByText('Showing 1 of 1 leads')).toBeTruthy();
    // The session ends elsewhere (another sign-out, or its 12 hours are up), then the operator refreshes.
    await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${await token()}` } });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const dialog = await openedModal('alertdialog');
    expect(within(dialog).getByText('Admin Authentication')).toBeTruthy();
    await logIn(user);
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull(), { timeout: 5000 });
    // The login dialog's modal layer hands the page back once it has gone.
    const searchbox = await screen.findByRole<HTMLInputElement>('searchbox', undefined, { timeout: 5000 });
    expect(searchbox.value).toBe('NAVY');
    expect(await screen.findByText('Showing 1 of 1 leads', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('after a 401 cut off the chart too, logged back in, the chart of the same search loads again instead of its error', async () => {
    const user = userEvent.setup();
    const { token } = setup();
    await logIn(user);
    await waitFor(() => expect(screen.getByRole('table', { name: 'Leads' })).toBeTruthy(), { timeout: 5000 });
    const chart = screen.getByRole('region', { name: /New leads per/ });
    await within(chart).findByText(/new leads? /, undefined, { timeout: 5000 });
    // The session ends elsewhere; the next search asks for the list and the chart, and both get the 401.
    await server.fetch('/api/admin/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${await token()}` } });
    await user.type(screen.getByRole('searchbox'), 'NAVY');
    await openedModal('alertdialog');
    await logIn(user);
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull(), { timeout: 5000 });
    // The chart's own summary again (its default span, the last 30 days, holds none of these leads).
    expect(await within(chart).findByText(/new leads? (on|from) /, undefined, { timeout: 5000 })).toBeTruthy();
    expect(within(chart).queryByRole('alert')).toBeNull();
  });

  it('opens a lead from the keyboard, moves focus into the drawer, and Escape gives focus back to the row', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    const open = await screen.findByRole('button', { name: 'Open Grace Hopper' }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull(), { timeout: 5000 });
    open.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { hidden: true }, { timeout: 5000 });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Grace Hopper' })));
  });
});
