import { describe, expect, it, vi } from 'vitest';
import { createFetchAdminApi, type AdminApi } from '../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../src-shared/api/admin/memory-token-store.ts';
import { signOutOfServer, withoutSession } from '../../src-desktop/renderer/shell/sign-out.ts';

describe("the console's sign-out (renderer side)", () => {
  it('turns a rejected logout call into the message for the operator instead of a rejection', async () => {
    const logout = vi.fn(() =>
      Promise.reject(new Error("Error invoking remote method 'console:admin-call': Error: the main process went away")),
    );
    const message = await signOutOfServer({ logout });
    expect(message).toContain('the main process went away');
    expect(message).toContain('asks for the password again');
    expect(message).toContain('until it expires');
    expect(await signOutOfServer({ logout: async () => ({ ok: true, value: undefined }) })).toBeNull();
  });

  it('does not call a sign-out the server never received finished', async () => {
    // The real admin client, as main runs it, with a token; nothing listens on port 9.
    const tokenStore = createMemoryTokenStore();
    await tokenStore.write('a-token-the-server-never-heard-revoked');
    const admin = createFetchAdminApi({ baseUrl: 'http://127.0.0.1:9', tokenStore });
    const message = await signOutOfServer(admin);
    expect(message).toBe(
      'The server could not be reached. This window is signed out and asks for the password again, but the server may accept the old session until it expires.',
    );
    // Forgotten here all the same.
    expect(await tokenStore.read()).toBeNull();
  });

  it('after an unconfirmed sign-out, the gate finds no session even if main still holds a token', async () => {
    const validate = vi.fn(async () => ({ ok: true as const, value: true }));
    const login = vi.fn(async () => ({ ok: true as const, value: undefined }));
    const admin = withoutSession({ validate, login } as unknown as AdminApi);
    expect(await admin.validate()).toEqual({ ok: true, value: false });
    expect(validate).not.toHaveBeenCalled();
    // Everything else, signing in again first of all, still goes to main.
    expect(await admin.login('password')).toEqual({ ok: true, value: undefined });
    expect(login).toHaveBeenCalledWith('password');
  });
});
