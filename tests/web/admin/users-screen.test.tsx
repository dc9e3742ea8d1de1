import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  CreateGroupCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminGate } from '../../../src-shared/admin/AdminGate.tsx';
import { UsersScreen } from '../../../src-shared/admin/UsersScreen.tsx';
import { createFetchAdminApi, type AdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';
import { POOL_ID, startIdentityServer, type IdentityTestServer } from '../../server/identity/support.ts';
import { openedModal } from '../support/modal-dialog.ts';
import { ADMIN_TEXT } from '../../../src-shared/admin/messages.ts';

const PASSWORD = 'correct horse battery staple';

let identity: IdentityTestServer;
beforeAll(async () => {
  identity = await startIdentityServer({ ADMIN_PASSWORD: PASSWORD });
  await identity.createUser('ada@example.com', { given_name: 'Ada', family_name: 'Lovelace' });
  await identity.createUser('nameless@example.com');
}, 60_000);
afterAll(() => identity.close());

/**
 * The shared users screen with the real fetch client, the real server and identity service;
 * `adapt` may replace a call, as the console's IPC answers it.
 */
function setup(baseUrl = identity.server.url, adapt = (api: AdminApi) => api) {
  const platform: Platform = {
    saveExport: async (request) => ({ status: 'saved', location: request.suggestedName }),
    openExternal: async () => {},
  };
  render(
    <AdminGate
      api={adapt(createFetchAdminApi({ baseUrl, tokenStore: createMemoryTokenStore() }))}
      platform={platform}
      variant="users"
      title="User Management"
      onCancel={() => {}}
    >
      <UsersScreen />
    </AdminGate>,
  );
}

async function logIn(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  const dialog = await openedModal('alertdialog');
  await user.type(within(dialog).getByLabelText(/Admin password/), password);
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
}

/**
 * The table row of a user, once the list shows it (hidden: the login dialog's modal layer may still mark the page aria-hidden for a moment).
 */
const row = (email: string) =>
  waitFor(
    () => {
      const found = screen.getAllByRole('row', { hidden: true }).find((candidate) => candidate.textContent?.includes(email));
      if (!found) throw new Error(`no row for ${email} yet`);
      return found;
    },
    { timeout: 10_000 },
  );

describe('User Management', () => {
  it("the users dialog shows the server's error for a wrong password", async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user, 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid password');
  });

  it("the users dialog says 'Network error - check if server is running' when the server is unreachable", async () => {
    const user = userEvent.setup();
    setup('http://127.0.0.1:9');
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Network error - check if server is running');
  });

  it('lists users with name (or N/A), status and enabled chips; disabling asks first, then reloads', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    expect(await screen.findByText('Showing 2 of 2 users', {}, { timeout: 10_000 })).toBeTruthy();
    const ada = await row('ada@example.com');
    expect(ada.textContent).toContain('Ada Lovelace');
    expect(ada.textContent).toContain('CONFIRMED');
    expect((await row('nameless@example.com')).textContent).toContain('N/A');

    await user.click(within(ada).getByRole('button', { name: /^Disable /, hidden: true }));
    // As for the delete below: jsdom's focus leaves a new modal hidden until focus is moved into it.
    const dialog = await openedModal('dialog');
    expect(within(dialog).getByText('Confirm Disable User')).toBeTruthy();
    expect(dialog.textContent).toMatch(/Are you sure you want to disable user ".+"\?/);
    expect(within(dialog).getByText('Email: ada@example.com')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(async () => expect((await row('ada@example.com')).textContent).toContain('No'));
    expect(within(await row('ada@example.com')).getByRole('button', { name: /^Enable /, hidden: true })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the columns Username to Actions in their order (Groups after Enabled), the long username cut but whole in its title', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    const nameless = await row('nameless@example.com');
    const table = screen.getByRole('table', { name: 'Users', hidden: true });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((header) => header.textContent),
    ).toEqual(['Username', 'Email', 'Name', 'Status', 'Enabled', 'Groups', 'Created', 'Actions']);
    const { Users: [record] = [] } = await identity.admin.send(
      new ListUsersCommand({ UserPoolId: POOL_ID, Filter: 'email = "nameless@example.com"' }),
    );
    const cells = within(nameless).getAllByRole('cell', { hidden: true });
    expect(cells.map((cell) => cell.textContent).slice(0, 3)).toEqual([record?.Username, 'nameless@example.com', 'N/A']);
    expect(within(cells[0] as HTMLElement).getByTitle(record?.Username ?? '-').textContent).toBe(record?.Username);
  });

  it('finds a user by the start of their username', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    const { Users: [ada] = [] } = await identity.admin.send(
      new ListUsersCommand({ UserPoolId: POOL_ID, Filter: 'email = "ada@example.com"' }),
    );
    const username = ada?.Username ?? '';
    await row('nameless@example.com');
    await user.selectOptions(screen.getByLabelText('Search in'), 'Username');
    await user.type(screen.getByRole('searchbox', { name: 'Search by username (starts with)' }), username.slice(0, 8));
    expect(await screen.findByText('Showing 1 of 1 users', {}, { timeout: 10_000 })).toBeTruthy();
    expect((await row('ada@example.com')).textContent).toContain(username);
    expect(screen.queryByText('nameless@example.com')).toBeNull();
  });

  it('a failed delete shows the error in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    const nameless = await row('nameless@example.com');
    const username = within(nameless).getAllByRole('cell', { hidden: true })[0]?.textContent ?? '';
    // Someone else deletes the user while the operator looks at the list.
    await identity.admin.send(new AdminDeleteUserCommand({ UserPoolId: POOL_ID, Username: username }));
    await user.click(within(nameless).getByRole('button', { name: /^Delete /, hidden: true }));
    const dialog = await openedModal('dialog');
    expect(dialog.textContent).toContain('This action cannot be undone. The user will be permanently deleted.');
    expect(dialog.textContent).toContain('Email: nameless@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User does not exist.');
    expect(dialog.isConnected).toBe(true);
  });

  it("without groups on the page (an AWS pool: no batched read), each row shown reads its user's groups itself", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    setup(undefined, (api) => ({
      ...api,
      listUsers: async (query) => {
        const outcome = await api.listUsers(query);
        return outcome.ok
          ? {
              ...outcome,
              value: { ...outcome.value, items: outcome.value.items.map(({ Groups: _groups, ...record }) => record) },
            }
          : outcome;
      },
      listUserGroups: (username) => {
        asked.push(username);
        return api.listUserGroups(username);
      },
    }));
    await logIn(user);
    await row('ada@example.com');
    const username = within(await row('ada@example.com')).getAllByRole('cell', { hidden: true })[0]?.textContent;
    await waitFor(() => expect(asked).toContain(username));
    expect(asked).toHaveLength(new Set(asked).size);
  });

  it('an action cut off by an ended session says so, and the dialog is there to confirm again after logging in', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const ended = { ok: false, reason: 'unauthorized', error: 'Unauthorized' } as const;
    setup(undefined, (api) => ({
      ...api,
      // The session ended on the server between opening the dialog and confirming.
      disableUser: (username) => (refuse ? Promise.resolve(ended) : api.disableUser(username)),
      enableUser: (username) => (refuse ? Promise.resolve(ended) : api.enableUser(username)),
    }));
    await logIn(user);
    const ada = await row('ada@example.com');
    await user.click(within(ada).getByRole('button', { name: /^(Disable|Enable) /, hidden: true }));
    const dialog = await openedModal('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^(Disable|Enable)$/ }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe(ADMIN_TEXT.sessionEnded);
    refuse = false;
    await logIn(user);
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull(), { timeout: 10_000 });
    expect(dialog.isConnected).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: /^(Disable|Enable)$/, hidden: true }));
    await waitFor(() => expect(dialog.isConnected).toBe(false), { timeout: 10_000 });
  });

  it('takes no longer search than the server does', async () => {
    const user = userEvent.setup();
    setup();
    await logIn(user);
    const search = await screen.findByRole(
      'searchbox',
      { name: 'Search by email (starts with)', hidden: true },
      { timeout: 10_000 },
    );
    expect(search.getAttribute('maxlength')).toBe('200');
  });

  it('recovers when a search is refused by a rejection instead of an outcome (the console IPC replaced by a rejecting call)', async () => {
    const user = userEvent.setup();
    // What the console's renderer met when main threw for a search over 200 characters.
    setup(undefined, (api) => ({
      ...api,
      listUsers: (query) =>
        query?.q ? Promise.reject(new Error("Error invoking remote method 'console:admin-call'")) : api.listUsers(query),
    }));
    await logIn(user);
    await row('ada@example.com');
    await user.type(screen.getByRole('searchbox', { name: 'Search by email (starts with)', hidden: true }), 'ada');
    expect((await screen.findByText(ADMIN_TEXT.fetchUsersFailed, {}, { timeout: 10_000 })).textContent).toBe(
      ADMIN_TEXT.fetchUsersFailed,
    );
    expect(screen.queryByText('Loading users…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh', hidden: true }).hasAttribute('disabled')).toBe(false);
  });

  it("shows each user's groups from the page's answer: no request a row, however often its row mounts (a search cleared, a row scrolled back)", async () => {
    await identity.createUser('grace@example.com');
    await identity.createUser('alan@example.com');
    const { Users: [grace] = [] } = await identity.admin.send(
      new ListUsersCommand({ UserPoolId: POOL_ID, Filter: 'email = "grace@example.com"' }),
    );
    await identity.admin.send(new CreateGroupCommand({ UserPoolId: POOL_ID, GroupName: 'navy' }));
    await identity.admin.send(
      new AdminAddUserToGroupCommand({ UserPoolId: POOL_ID, Username: grace?.Username ?? '', GroupName: 'navy' }),
    );
    const user = userEvent.setup();
    const asked: string[] = [];
    const pages: string[] = [];
    setup(undefined, (api) => ({
      ...api,
      listUsers: (query) => {
        pages.push(query?.q ?? '');
        return api.listUsers(query);
      },
      listUserGroups: (username) => {
        asked.push(username);
        return api.listUserGroups(username);
      },
    }));
    await logIn(user);
    await row('alan@example.com');
    expect(within(await row('grace@example.com')).getByText('navy')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search by email (starts with)', hidden: true });
    await user.type(search, 'grace');
    await waitFor(() => expect(screen.queryByText('alan@example.com')).toBeNull(), { timeout: 10_000 });
    await user.clear(search);
    await row('alan@example.com');
    expect(within(await row('grace@example.com')).getByText('navy')).toBeTruthy();
    // One request a page (the first page, the search's, the cleared search's), none a row.
    expect(asked).toEqual([]);
    expect(asked).toHaveLength(new Set(asked).size);
    expect(pages).toEqual(['', 'grace', '']);
  });
});
