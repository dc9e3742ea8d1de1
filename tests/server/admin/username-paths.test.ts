import { AdminCreateUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchAdminApi, type AdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import { CLIENT_ID, failure, PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from '../identity/support.ts';
import { ADMIN_PASSWORD, adminToken } from './admin-client.ts';

/**
 * Names that a URL path would change on the way ('.' and '..' are dot segments that fetch
 * resolves away, '/', '?', '#' and '%' end or escape a segment) in the operator's user actions,
 * sent by the admin client the web app and the console use, to the real server over HTTP.
 */
let identity: IdentityTestServer;
let api: AdminApi;
beforeAll(async () => {
  identity = await startIdentityServer({ ADMIN_PASSWORD });
  const tokenStore = createMemoryTokenStore();
  await tokenStore.write(await adminToken(identity.server));
  api = createFetchAdminApi({ baseUrl: identity.server.url, tokenStore });
}, 60_000);
afterAll(() => identity.close());

const auditSubjects = async (eventType: string) =>
  (
    await identity.server.app.database.db
      .selectFrom('audit_events')
      .select('subject')
      .where('event_type', '=', eventType)
      .execute()
  )
    .map((event) => event.subject)
    .sort();

describe('usernames that are dot segments', () => {
  it("cannot be created in the embedded pool: its usernames are email addresses ('.' and '..' are refused)", async () => {
    for (const username of ['.', '..']) {
      const signUp = await failure(
        identity.client.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: username, Password: PASSWORD })),
      );
      expect(signUp).toMatchObject({ name: 'InvalidParameterException', message: 'Username should be an email.' });
      const created = await failure(identity.admin.send(new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: username })));
      expect(created).toMatchObject({ name: 'InvalidParameterException', message: 'Username should be an email.' });
    }
  });

  it("reach the user's own actions (a hosted Cognito pool may have such users), not another route", async () => {
    // '~.' too: the client's escape for the others must not turn it into '.'.
    for (const username of ['.', '..', '~.']) {
      for (const outcome of [
        await api.disableUser(username),
        await api.enableUser(username),
        await api.deleteUser(username),
        await api.listUserGroups(username),
        await api.addUserToGroup(username, 'staff'),
        await api.removeUserFromGroup(username, 'staff'),
      ]) {
        expect(outcome).toEqual({ ok: false, reason: 'failed', status: 404, error: 'User does not exist.' });
      }
    }
    expect(await auditSubjects('admin.user.disable')).toEqual(['.', '..', '~.']);
    expect(await auditSubjects('admin.user.enable')).toEqual(['.', '..', '~.']);
  });

  it("removing a user from a group named '..' removes the membership and leaves the user", async () => {
    await identity.createUser('member@example.com');
    expect(await api.addUserToGroup('member@example.com', '..')).toEqual({ ok: true, value: undefined });
    expect(await api.listUserGroups('member@example.com')).toEqual({ ok: true, value: ['..'] });

    expect(await api.removeUserFromGroup('member@example.com', '..')).toEqual({ ok: true, value: undefined });
    expect(await api.listUserGroups('member@example.com')).toEqual({ ok: true, value: [] });
    await identity.signIn('member@example.com');
  });
});

describe("an address with '/', '?', '#' and '%' as the username", () => {
  const address = 'a/b?c#d%2e%e@example.com';

  it('is disabled, enabled, grouped and deleted through the admin API', async () => {
    await identity.createUser(address);
    expect(await api.disableUser(address)).toEqual({ ok: true, value: undefined });
    expect((await failure(identity.signIn(address))).name).toBe('NotAuthorizedException');
    expect(await api.enableUser(address)).toEqual({ ok: true, value: undefined });
    await identity.signIn(address);
    expect(await api.addUserToGroup(address, 'staff')).toEqual({ ok: true, value: undefined });
    expect(await api.listUserGroups(address)).toEqual({ ok: true, value: ['staff'] });
    expect(await api.deleteUser(address)).toEqual({ ok: true, value: undefined });
    expect((await failure(identity.signIn(address))).name).toBe('NotAuthorizedException');
    expect(await auditSubjects('admin.user.delete')).toContain(address);
  });
});
