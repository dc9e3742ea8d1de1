import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import { UsersScreen } from '../../../src-shared/admin/UsersScreen.tsx';
import { createFetchAdminApi, type AdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';
import { startIdentityServer, type IdentityTestServer } from '../../server/identity/support.ts';
import { openedModal } from '../support/modal-dialog.ts';

const PASSWORD = 'correct horse battery staple';

let identity: IdentityTestServer;
beforeAll(async () => {
  identity = await startIdentityServer({ ADMIN_PASSWORD: PASSWORD });
  await identity.createUser('ada@example.com', { given_name: 'Ada', family_name: 'Lovelace' });
}, 60_000);
afterAll(() => identity.close());

// Rows are read with `hidden`: in jsdom Fluent's focus manager hides the page behind an open dialog or popover.

/**
 * The users screen with the real fetch client, the real server and identity service; `adapt`
 * may replace a call, as the console's IPC answers it.
 */
async function setup(adapt = (api: AdminApi) => api) {
  const user = userEvent.setup();
  const platform: Platform = {
    openExternal: async () => {},
    saveExport: async () => ({ status: 'cancelled' }),
  };
  render(
    <AdminGate
      api={adapt(createFetchAdminApi({ baseUrl: identity.server.url, tokenStore: createMemoryTokenStore() }))}
      platform={platform}
      variant="users"
      title="User Management"
      onCancel={() => {}}
    >
      <UsersScreen />
    </AdminGate>,
  );
  const login = await openedModal('alertdialog');
  await user.type(within(login).getByLabelText(/Admin password/), PASSWORD);
  await user.click(within(login).getByRole('button', { name: 'Login' }));
  return user;
}

const row = (email: string) =>
  waitFor(
    () => {
      const found = screen.getAllByRole('row', { hidden: true }).find((candidate) => candidate.textContent?.includes(email));
      if (!found) throw new Error(`no row for ${email} yet`);
      return found;
    },
    { timeout: 10_000 },
  );

describe('Invite user and groups on the users screen', { timeout: 30_000 }, () => {
  it('invites a customer: the mail is queued and the list shows them as FORCE_CHANGE_PASSWORD', async () => {
    const user = await setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user', hidden: true }, { timeout: 15_000 }));
    const dialog = await openedModal('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter a valid email address.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Email/), 'grace@example.com');
    await user.type(within(dialog).getByLabelText(/^First name/), 'Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Invitation sent to grace@example.com.');
    expect((await row('grace@example.com')).textContent).toContain('FORCE_CHANGE_PASSWORD');
    const mail = await identity.server.app.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', 'grace@example.com')
      .executeTakeFirst();
    expect(mail?.subject).toBe('Your temporary password');

    // Inviting the same address again says why not, in the dialog.
    await user.type(within(dialog).getByLabelText(/^Email/), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User account already exists');
  });

  it('adds a user to a new group, shows it on the row, and removes it', async () => {
    const user = await setup();
    const ada = await row('ada@example.com');
    await user.click(within(ada).getByRole('button', { name: /^Add .+ to a group$/, hidden: true }));
    const groupName = await screen.findByRole('combobox', { name: 'Group name', hidden: true });
    await user.type(groupName, 'beta-testers');
    await user.click(screen.getByRole('button', { name: 'Add', hidden: true }));
    await waitFor(async () => expect(within(await row('ada@example.com')).getByText('beta-testers')).toBeTruthy());
    await user.click(
      within(await row('ada@example.com')).getByRole('button', { name: /^Remove .+ from beta-testers$/, hidden: true }),
    );
    await waitFor(async () => expect(within(await row('ada@example.com')).queryByText('beta-testers')).toBeNull());
  });

  it('takes no longer address, names or group than the server does', async () => {
    const user = await setup();
    await user.click(await screen.findByRole('button', { name: 'Invite user', hidden: true }, { timeout: 15_000 }));
    const dialog = await openedModal('dialog');
    const maxLength = (label: RegExp) => within(dialog).getByLabelText(label).getAttribute('maxlength');
    expect([maxLength(/^Email/), maxLength(/^First name/), maxLength(/^Last name/)]).toEqual(['128', '256', '256']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await row('ada@example.com')).getByRole('button', { name: /^Add .+ to a group$/, hidden: true }));
    const groupName = await screen.findByRole('combobox', { name: 'Group name', hidden: true });
    expect(groupName.getAttribute('maxlength')).toBe('128');
  });

  it('an invitation answered by a rejection leaves the dialog usable (the console IPC replaced by a rejecting call)', async () => {
    // What the console's renderer met when main threw for an address over 128 characters.
    const user = await setup((api) => ({
      ...api,
      inviteUser: () => Promise.reject(new Error("Error invoking remote method 'console:admin-call'")),
    }));
    await user.click(await screen.findByRole('button', { name: 'Invite user', hidden: true }, { timeout: 15_000 }));
    const dialog = await openedModal('dialog');
    await user.type(within(dialog).getByLabelText(/^Email/), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to invite user');
    expect(within(dialog).getByRole('button', { name: 'Send invitation' }).hasAttribute('disabled')).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false);
  });
});
