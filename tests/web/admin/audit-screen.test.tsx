import { render, screen, waitFor, within } from '@testing-library/react';
import { openedModal } from '../support/modal-dialog.ts';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import { AdminServicesProvider } from '../../../src-shared/admin/admin-services.tsx';
import { AuditScreen } from '../../../src-shared/admin/AuditScreen.tsx';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple';
const LENA = '0b7c4a8e-lena';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  const day = (n: number) => new Date(Date.UTC(2026, 9, n, 9));
  // Routine refreshes, then the events the operator looks for. Few: jsdom lays nothing out, so
  // its table draws a screenful of rows; paging through many is admin-scale.spec.ts's journey.
  const refreshes = Array.from({ length: 10 }, (_, index) => ({
    event_type: 'customer.token.refresh',
    actor: LENA,
    actor_email: 'lena@example.com',
    subject: 'lena@example.com',
    details: JSON.stringify({ flow: 'refresh' }),
    created_at: new Date(day(2).getTime() + index * 1000),
  }));
  await server.app.database.db
    .insertInto('audit_events')
    .values([
      ...refreshes,
      {
        event_type: 'customer.login',
        actor: 'dana-sub',
        actor_email: 'dana@example.com',
        subject: 'dana@example.com',
        details: JSON.stringify({ provider: 'google', flow: 'hosted' }),
        ip: '203.0.113.7',
        created_at: day(3),
      },
      {
        event_type: 'admin.user.disable',
        actor: 'admin',
        subject: LENA,
        details: JSON.stringify({ outcome: 'succeeded' }),
        created_at: day(4),
      },
      {
        event_type: 'customer.profile.update',
        actor: 'dana-sub',
        actor_email: 'dana@example.com',
        subject: 'dana@example.com',
        details: JSON.stringify({ changes: { firstName: { old: 'Dana', new: 'Danielle' } } }),
        created_at: day(1),
      },
      {
        event_type: 'admin.export',
        actor: 'admin',
        subject: 'leads',
        details: JSON.stringify({ rowCount: 1200, search: '', completed: true }),
        created_at: day(5),
      },
      {
        event_type: 'admin.export',
        actor: 'admin',
        subject: 'leads',
        details: JSON.stringify({ rowCount: 300, search: '', completed: false }),
        created_at: day(6),
      },
    ])
    .execute();
}, 60_000);
afterAll(() => server.close());

const platform: Platform = {
  openExternal: async () => {},
  saveExport: async () => ({ status: 'cancelled' }),
};

/** The shared screen with the real fetch client against the real server. */
function setup() {
  const api = createFetchAdminApi({ baseUrl: server.url, tokenStore: createMemoryTokenStore() });
  render(
    <AdminGate api={api} platform={platform} variant="users" title="Audit Log" onCancel={() => {}}>
      <AuditScreen />
    </AdminGate>,
  );
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await openedModal('alertdialog');
  await user.type(within(dialog).getByLabelText(/Admin password/), PASSWORD);
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
  await screen.findByRole('table', { name: 'Audit Log' }, WAIT);
  await waitFor(() => expect(screen.getByText(/^Showing \d+ of \d+ events?\b/)).toBeTruthy(), WAIT);
}

/** The machine is shared: a real server's answers may take a few seconds. */
const WAIT = { timeout: 10_000 };

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit Log' }))
    .getAllByRole('row')
    .slice(1);

describe('the audit screen', () => {
  it('tells what happened in sentences, naming people by email, every row counted for screen readers', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    expect(screen.getByText('The operator signed in')).toBeTruthy();
    expect(screen.getByText('The operator disabled lena@example.com')).toBeTruthy();
    expect(screen.getByText('dana@example.com signed in with Google')).toBeTruthy();
    expect(screen.getByText('The operator exported 1200 leads as CSV')).toBeTruthy();
    expect(screen.getByText('A CSV export of leads stopped after 300 rows')).toBeTruthy();
    expect(screen.getByText('dana@example.com changed their first name from “Dana” to “Danielle”')).toBeTruthy();
    // The seeded events and the operator's sign-in, all on the first page.
    expect(screen.getByText('Showing 16 of 16 events')).toBeTruthy();
    expect(rows()).toHaveLength(16);
    expect(screen.getByRole('table', { name: 'Audit Log' }).getAttribute('aria-rowcount')).toBe('17');
    expect(rows().at(-1)?.getAttribute('aria-rowindex')).toBe('17');
  });

  it('filters by type and by who on the server, and says when nothing matches', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    await user.selectOptions(screen.getByLabelText('Event type'), 'Customer sign-in');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(screen.getByText('dana@example.com signed in with Google')).toBeTruthy();
    // One event, not 'Showing 1 of 1 events'.
    expect(screen.getByText('Showing 1 of 1 event matching the filters')).toBeTruthy();

    await user.type(screen.getByLabelText('Who (email)'), 'lena@example.com');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No events match these filters.', {}, WAIT)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(15), WAIT);
  });

  it('filters by date range (the operator’s calendar days)', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    await user.type(screen.getByLabelText('From'), '2026-10-01');
    await user.type(screen.getByLabelText('To'), '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(screen.getByText(/changed their first name/)).toBeTruthy();
  });

  it('after a failed load shows the error, not "No events yet."', async () => {
    // Nothing listens on port 9: the real client's request fails as when the server is down.
    const api = createFetchAdminApi({ baseUrl: 'http://127.0.0.1:9', tokenStore: createMemoryTokenStore() });
    render(
      <AdminServicesProvider value={{ api, platform, sessionLost: () => {} }}>
        <AuditScreen />
      </AdminServicesProvider>,
    );
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe('Network error');
    expect(screen.queryByText('No events yet.')).toBeNull();
  });
});
