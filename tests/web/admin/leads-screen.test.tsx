import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import { LeadsScreen } from '../../../src-shared/admin/LeadsScreen.tsx';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { FileToSave, Platform } from '../../../src-shared/domain/platform.ts';
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
}, 60_000);
afterAll(() => server.close());

/**
 * The shared screens with the real fetch client against the real server. Only the save
 * dialog is replaced: a browser download cannot be read back in jsdom.
 */
function setup() {
  const saved: FileToSave[] = [];
  const platform: Platform = {
    saveFile: async (file) => (saved.push(file), { status: 'saved', location: file.suggestedName }),
    openExternal: async () => {},
  };
  const tokenStore = createMemoryTokenStore();
  const api = createFetchAdminApi({ baseUrl: server.url, tokenStore });
  const cancelled: number[] = [];
  render(
    <AdminGate api={api} platform={platform} variant="leads" title="Lead Management" onCancel={() => cancelled.push(1)}>
      <LeadsScreen />
    </AdminGate>,
  );
  return { saved, cancelled, token: () => tokenStore.read() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  const dialog = await screen.findByRole('alertdialog');
  await user.type(within(dialog).getByLabelText(/Admin password/), password);
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
}

describe('Lead Management with the admin password dialog', () => {
  it('asks for the password first: Login disabled while empty, Escape does not close it', async () => {
    const user = userEvent.setup();
    setup();
    const dialog = await screen.findByRole('alertdialog');
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

  it('Cancel leaves the admin area', async () => {
    const user = userEvent.setup();
    const { cancelled } = setup();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toHaveLength(1);
  });

  it('after login lists the leads newest first, searches, and exports what the search shows', async () => {
    const user = userEvent.setup();
    const { saved, token } = setup();
    await logIn(user);
    expect(await screen.findByText('Showing 3 of 3 leads')).toBeTruthy();
    expect(await token()).toMatch(/\./);
    const rows = within(await screen.findByRole('table', { name: 'Leads' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      '=HYPERLINK("http://evil")',
    ]);

    await user.type(screen.getByRole('searchbox'), 'NAVY');
    expect(screen.getByText('Showing 1 of 3 leads')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'affil');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.suggestedName).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await screen.findByText(`Exported 1 lead to ${saved[0]?.suggestedName}`)).toBeTruthy();
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
      expect(audit[0]).toMatchObject({ subject: 'leads', details: { rowCount: 1, search: 'affil' } });
    });

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody-matches');
    expect(screen.getByText('No leads found matching your search.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
  });
});
