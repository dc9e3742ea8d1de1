import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminSession } from '../../src-desktop/main/admin-session.ts';
import { openTokenVault } from '../../src-desktop/main/token-vault.ts';

const SERVER = 'http://console.test';

/** A server whose validate answers 200 with `valid` as given, and counts the requests. */
function validateAnswering(valid: boolean) {
  return vi.fn<typeof fetch>(async () => Response.json({ valid }));
}

async function sessionWith(server: typeof fetch, token: string | null) {
  const vault = await openTokenVault(() => Promise.reject(new Error('memory vault for this test')));
  const store = vault.storeFor(SERVER);
  if (token) await store.write(token);
  return { session: createAdminSession({ vault, serverUrl: SERVER, fetch: server }), store };
}

beforeEach(() => {
  // The memory vault says on start that the keychain is unavailable.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin session in main: validate', () => {
  it('forgets a token the server answers 200 {valid: false} for, as it does after a 401', async () => {
    const { session, store } = await sessionWith(validateAnswering(false), 'revoked-token');
    expect(await session.call({ method: 'validate', args: [] })).toEqual({ ok: true, value: false });
    expect(await store.read()).toBeNull();
  });

  it('keeps a token the server still accepts, and asks nothing without a token', async () => {
    const accepting = validateAnswering(true);
    const { session, store } = await sessionWith(accepting, 'working-token');
    expect(await session.call({ method: 'validate', args: [] })).toEqual({ ok: true, value: true });
    expect(await store.read()).toBe('working-token');

    const refusing = validateAnswering(false);
    const empty = await sessionWith(refusing, null);
    expect(await empty.session.call({ method: 'validate', args: [] })).toEqual({ ok: true, value: false });
    expect(refusing).not.toHaveBeenCalled();
  });
});
