import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_ALL_TEXT, SignOutAllDialog } from '../../../src-shared/admin/SignOutAllDialog.tsx';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { openedModal } from '../support/modal-dialog.ts';

const PASSWORD = 'correct horse battery staple';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } });
}, 60_000);
afterAll(() => server.close());

/** An admin client of its own (a browser, a console) on the real server, signed in. */
async function signedInClient() {
  const tokenStore = createMemoryTokenStore();
  const api = createFetchAdminApi({ baseUrl: server.url, tokenStore });
  expect(await api.login(PASSWORD)).toEqual({ ok: true, value: undefined });
  return { api, tokenStore };
}

describe('Sign out all admin sessions (the confirmation shared by the web panel and the console)', () => {
  it('asks first: Cancel ends nothing', async () => {
    const user = userEvent.setup();
    const here = await signedInClient();
    const onCancel = vi.fn();
    const view = render(<SignOutAllDialog api={here.api} onDone={() => {}} onCancel={onCancel} />);
    const dialog = await openedModal('alertdialog');
    expect(within(dialog).getByText(SIGN_OUT_ALL_TEXT.title)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(await here.api.validate()).toEqual({ ok: true, value: true });
    view.unmount();
  });

  it('Sign out all ends every admin session, this one included, and forgets the token here', async () => {
    const user = userEvent.setup();
    const here = await signedInClient();
    const elsewhere = await signedInClient();
    const onDone = vi.fn();
    render(<SignOutAllDialog api={here.api} onDone={onDone} onCancel={() => {}} />);
    const dialog = await openedModal('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: SIGN_OUT_ALL_TEXT.confirm }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await here.tokenStore.read()).toBeNull();
    const token = await elsewhere.tokenStore.read();
    const check = await fetch(`${server.url}/api/admin/auth/validate`, { headers: { authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
  });

  it('keeps the dialog open with the reason when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const api = createFetchAdminApi({ baseUrl: 'http://127.0.0.1:9', tokenStore: createMemoryTokenStore() });
    const onDone = vi.fn();
    render(<SignOutAllDialog api={api} onDone={onDone} onCancel={() => {}} />);
    const dialog = await openedModal('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: SIGN_OUT_ALL_TEXT.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Network error');
    expect(onDone).not.toHaveBeenCalled();
  });
});
