import { render, screen, waitFor, within } from '@testing-library/react';
import { openedModal } from '../support/modal-dialog.ts';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import { OutboxScreen } from '../../../src-shared/admin/OperatorScreens.tsx';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const PASSWORD = 'correct horse battery staple';
/** The machine is shared: a real server's answers may take a few seconds. */
const WAIT = { timeout: 10_000 };

/** A sign-up code mail to `to` that failed its five attempts. */
const failedCodeMail = (to: string) => ({
  to_address: to,
  subject: 'Your code',
  text_body: 'secret',
  kind: 'signup-code',
  template_params: JSON.stringify({}),
  status: 'failed' as const,
  attempts: 5,
  last_error: 'smtp refused',
});

// The real server with no SMTP and no EmailJS: mail stays in the outbox.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
  await server.app.database.db
    .insertInto('mail_outbox')
    .values([
      failedCodeMail('bounced@example.com'),
      failedCodeMail('impatient@example.com'),
      {
        to_address: 'delivered@example.com',
        subject: 'Welcome',
        text_body: 'hello',
        kind: 'welcome',
        template_params: JSON.stringify({}),
        status: 'sent',
        attempts: 1,
        last_error: null,
      },
    ])
    .execute();
}, 60_000);
afterAll(() => server.close());

function setup() {
  const platform: Platform = {
    openExternal: async () => {},
    saveExport: async () => ({ status: 'cancelled' }),
  };
  const api = createFetchAdminApi({ baseUrl: server.url, tokenStore: createMemoryTokenStore() });
  render(
    <AdminGate api={api} platform={platform} variant="users" title="Mail Outbox" onCancel={() => {}}>
      <OutboxScreen />
    </AdminGate>,
  );
}

function rowOf(email: string): HTMLElement {
  const row = within(screen.getByRole('table', { name: 'Mail Outbox' }))
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(email));
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('the outbox screen', () => {
  it('says mail is kept when no delivery is configured, and Retry sends a failed mail back to the queue', async () => {
    const user = userEvent.setup();
    setup();
    const dialog = await openedModal('alertdialog');
    await user.type(within(dialog).getByLabelText(/Admin password/), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await screen.findByRole('table', { name: 'Mail Outbox' }, WAIT);
    expect(await screen.findByText('Mail is kept in the outbox: no delivery is configured', {}, WAIT)).toBeTruthy();

    await waitFor(() => expect(rowOf('bounced@example.com').textContent).toContain('failed'), WAIT);
    expect(within(rowOf('delivered@example.com')).queryByRole('button', { name: /Retry/ })).toBeNull();
    await user.click(within(rowOf('bounced@example.com')).getByRole('button', { name: 'Retry the mail to bounced@example.com' }));
    await waitFor(() => expect(rowOf('bounced@example.com').textContent).toContain('queued'), WAIT);
    expect(within(rowOf('bounced@example.com')).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('takes one Retry at a time: a second click while the first is on its way sends nothing and reports no refusal', async () => {
    const user = userEvent.setup();
    setup();
    const dialog = await openedModal('alertdialog');
    await user.type(within(dialog).getByLabelText(/Admin password/), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(rowOf('impatient@example.com').textContent).toContain('failed'), WAIT);

    await user.dblClick(
      within(rowOf('impatient@example.com')).getByRole('button', { name: 'Retry the mail to impatient@example.com' }),
    );
    await waitFor(() => expect(rowOf('impatient@example.com').textContent).toContain('queued'), WAIT);
    // The second click must not reach the server, whose refusal ("not failed") would read as if the retry failed.
    expect(screen.queryByText(/could not be retried|Only a failed mail can be retried/)).toBeNull();
  });
});
