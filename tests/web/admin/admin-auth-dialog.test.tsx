import { render, screen, within } from '@testing-library/react';
import { openedModal } from '../support/modal-dialog.ts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminAuthDialog } from '../../../src-shared/admin/AdminAuthDialog.tsx';
import type { AdminDialogVariant } from '../../../src-shared/admin/messages.ts';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';

/**
 * The password dialog with the real fetch client, its login answered as the server (or a proxy
 * in front of it) would answer: what the operator reads for each kind of refusal.
 */
async function loginAnswered(variant: AdminDialogVariant, answer: () => Response): Promise<string | null> {
  const user = userEvent.setup();
  const api = createFetchAdminApi({
    baseUrl: 'http://server.test',
    tokenStore: createMemoryTokenStore(),
    fetch: async () => answer(),
  });
  render(<AdminAuthDialog open api={api} variant={variant} onAuthenticated={() => {}} onCancel={() => {}} />);
  const dialog = await openedModal('alertdialog');
  await user.type(within(dialog).getByLabelText(/Admin password/), 'correct horse battery staple');
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
  return (await screen.findByRole('alert')).textContent;
}

const LOCKED_OUT = 'Too many failed login attempts from your address. Try again in 42 minutes.';
const BUSY = 'Admin login is busy because of many failed attempts. Try again in a few seconds.';
const refused = (status: number, error: string) => () => Response.json({ success: false, error }, { status });

describe.each<AdminDialogVariant>(['leads', 'users'])('the %s password dialog', (variant) => {
  it("says 'Invalid password' for a wrong password", async () => {
    expect(await loginAnswered(variant, refused(401, 'Invalid password'))).toBe('Invalid password');
  });

  it.each([LOCKED_OUT, BUSY])('passes on the lockout, so the operator knows when to retry: %s', async (message) => {
    expect(await loginAnswered(variant, refused(429, message))).toBe(message);
  });

  it("shows the server's own failure, not a wrong password", async () => {
    const failure = 'Something went wrong on our side. Please try again.';
    expect(await loginAnswered(variant, refused(500, failure))).toBe(failure);
  });

  it('says the server failed when a proxy answers a 5xx with no message of ours', async () => {
    const text = await loginAnswered(variant, () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect(text).toBe('Login failed: the server could not check the password (HTTP 502). Please try again later.');
  });
});
