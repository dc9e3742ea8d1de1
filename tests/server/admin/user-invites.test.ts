import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../../src-shared/api/endpoint.ts';
import { inviteUser, listGroups, listUserGroups, removeUserFromGroup } from '../../../src-shared/domain/endpoints/admin.ts';
import { CLIENT_ID, startIdentityServer, type IdentityTestServer } from '../identity/support.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from './admin-client.ts';

/** Invitations and groups end to end: our admin routes, the real SDK, the embedded pool. */
let identity: IdentityTestServer;
let token: string;
beforeAll(async () => {
  identity = await startIdentityServer({ ADMIN_PASSWORD });
  token = await adminToken(identity.server);
  await identity.createUser('ada@example.com');
}, 60_000);
afterAll(() => identity.close());

async function api(method: string, path: string, body?: unknown, auth = bearer(token)) {
  const response = await identity.server.fetch(path, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const auditEvents = (eventType: string) =>
  identity.server.app.database.db
    .selectFrom('audit_events')
    .select(['subject', 'details'])
    .where('event_type', '=', eventType)
    .orderBy('id')
    .execute();

describe('POST /api/admin/users/invite', () => {
  it('creates the user, mails a temporary password, and the first sign-in asks for a new one', async () => {
    const { status, body } = await api('POST', inviteUser.path, {
      email: 'new@example.com',
      givenName: 'Nia',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, user: { UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true } });
    const mail = await identity.server.app.database.db
      .selectFrom('mail_outbox')
      .select('template_params')
      .where('to_address', '=', 'new@example.com')
      .executeTakeFirstOrThrow();
    const signIn = await identity.client.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'new@example.com', PASSWORD: mail.template_params.password ?? '' },
      }),
    );
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(await auditEvents('admin.user.invite')).toEqual([{ subject: 'new@example.com', details: { outcome: 'succeeded' } }]);
  });

  it('says when the account exists, refuses a bad body and a missing token', async () => {
    expect(await api('POST', inviteUser.path, { email: 'ada@example.com' })).toEqual({
      status: 400,
      body: { success: false, error: 'User account already exists' },
    });
    expect((await api('POST', inviteUser.path, { email: 'not an email' })).status).toBe(400);
    expect((await api('POST', inviteUser.path, { email: 'x@example.com' }, {})).status).toBe(401);
  });
});

describe('a user’s groups', () => {
  it('adds (creating the group), lists and removes, each change audited', async () => {
    expect(await api('GET', endpointUrl(listUserGroups, { params: { username: 'ada@example.com' } }))).toEqual({
      status: 200,
      body: { success: true, groups: [] },
    });
    expect(
      (await api('POST', endpointUrl(listUserGroups, { params: { username: 'ada@example.com' } }), { group: 'beta-testers' }))
        .body,
    ).toEqual({ success: true });
    expect(
      (await api('POST', endpointUrl(listUserGroups, { params: { username: 'ada@example.com' } }), { group: 'staff' })).body,
    ).toEqual({ success: true });
    expect((await api('GET', endpointUrl(listUserGroups, { params: { username: 'ada@example.com' } }))).body.groups).toEqual([
      'beta-testers',
      'staff',
    ]);
    expect((await api('GET', listGroups.path)).body.groups).toEqual(['beta-testers', 'staff']);
    expect(
      (await api('DELETE', endpointUrl(removeUserFromGroup, { params: { username: 'ada@example.com', group: 'staff' } }))).body,
    ).toEqual({ success: true });
    expect((await api('GET', endpointUrl(listUserGroups, { params: { username: 'ada@example.com' } }))).body.groups).toEqual([
      'beta-testers',
    ]);
    expect((await auditEvents('admin.user.group.add')).map((event) => event.details)).toEqual([
      { group: 'beta-testers', outcome: 'succeeded' },
      { group: 'staff', outcome: 'succeeded' },
    ]);
    expect(await auditEvents('admin.user.group.remove')).toEqual([
      { subject: 'ada@example.com', details: { group: 'staff', outcome: 'succeeded' } },
    ]);
  });

  it('answers 404 for an unknown user and 400 for a bad group name', async () => {
    expect(await api('GET', endpointUrl(listUserGroups, { params: { username: 'ghost@example.com' } }))).toEqual({
      status: 404,
      body: { success: false, error: 'User does not exist.' },
    });
    expect(
      (await api('POST', endpointUrl(listUserGroups, { params: { username: 'ada@example.com' } }), { group: 'bad\nname' }))
        .status,
    ).toBe(400);
    expect((await api('GET', listGroups.path, undefined, {})).status).toBe(401);
  });
});
