import {
  ChangePasswordCommand,
  DeleteUserAttributesCommand,
  GlobalSignOutCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, AuditPageReply } from '../../../src-shared/domain/audit.ts';
import { ADMIN_PASSWORD, adminToken, bearer } from '../admin/admin-client.ts';
import { PASSWORD, startIdentityServer, type IdentityTestServer } from '../identity/support.ts';

/** What the identity service records itself, read back through the operator's audit API. */
let t: IdentityTestServer;
let operator: string;
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

beforeAll(async () => {
  t = await startIdentityServer({ ADMIN_PASSWORD });
  operator = await adminToken(t.server);
  await t.createUser('lena@example.com', { given_name: 'Lena', family_name: 'Meyer' });
});
afterAll(() => t.close());

async function eventsOf(type: string, actor = 'lena@example.com'): Promise<AuditEvent[]> {
  const response = await t.server.fetch(`/api/admin/audit?type=${type}&actor=${encodeURIComponent(actor)}`, {
    headers: bearer(operator),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditPageReply).events ?? [];
}

const report = (path: string, body: unknown) =>
  t.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': UA },
    body: JSON.stringify(body),
  });

describe('events the identity service records where they happen', () => {
  it('a profile change records the old and new values the pool held; the web app’s report only annotates it', async () => {
    const { AccessToken, IdToken } = await t.signIn('lena@example.com');
    await t.client.send(
      new UpdateUserAttributesCommand({
        AccessToken,
        UserAttributes: [
          { Name: 'given_name', Value: 'Helena' },
          { Name: 'family_name', Value: 'Meyer' },
        ],
      }),
    );
    const [event] = await eventsOf('customer.profile.update');
    expect(event?.details).toEqual({ changes: { firstName: { old: 'Lena', new: 'Helena' } } });
    expect(event?.annotation).toBeNull();

    // The browser claims more than happened: its values are not stored, its field names annotate.
    const forged = { firstName: { old: 'Lena', new: 'Helena' }, email: { old: 'lena@example.com', new: 'evil@example.com' } };
    expect((await report('/api/audit-profile', { idToken: IdToken, changes: forged })).status).toBe(200);
    const [annotated] = await eventsOf('customer.profile.update');
    expect(annotated?.details).toEqual(event?.details);
    expect(annotated?.annotation).toEqual({ reportedFields: ['email', 'firstName'], userAgent: UA });
    expect(JSON.stringify(annotated)).not.toContain('evil@example.com');
    // One annotation per token: a second report of the same token changes nothing.
    await report('/api/audit-profile', { idToken: IdToken, changes: { lastName: { old: 'a', new: 'b' } } });
    expect((await eventsOf('customer.profile.update'))[0]?.annotation).toEqual(annotated?.annotation);
  });

  it('a removed attribute is recorded with the value the pool held', async () => {
    const { AccessToken } = await t.signIn('lena@example.com');
    await t.client.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['family_name'] }));
    const [event] = await eventsOf('customer.profile.update');
    expect(event?.details).toEqual({ changes: { lastName: { old: 'Meyer', new: null } } });
  });

  it('an email change is pending until verified, then recorded as verified', async () => {
    const { AccessToken } = await t.signIn('lena@example.com');
    await t.client.send(
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: 'lena@new.example' }] }),
    );
    const [pending] = await eventsOf('customer.profile.update');
    expect(pending?.details).toEqual({
      changes: { email: { old: 'lena@example.com', new: 'lena@new.example' } },
      emailPendingVerification: true,
    });
    await t.client.send(
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: await t.latestCode('lena@new.example') }),
    );
    const [verified] = await eventsOf('customer.email.verify');
    expect(verified?.details).toEqual({ changes: { email: { old: 'lena@example.com', new: 'lena@new.example' } } });
    // Her later events carry her new address.
    await t.signIn('lena@new.example');
    expect(await eventsOf('customer.login', 'lena@new.example')).toHaveLength(1);
  });

  it('password change, reset, refresh and sign-out are recorded with the account', async () => {
    const tokens = await t.signIn('lena@new.example');
    await t.refresh(tokens.RefreshToken);
    expect(await eventsOf('customer.token.refresh', 'lena@new.example')).toHaveLength(1);

    await t.client.send(
      new ChangePasswordCommand({
        AccessToken: tokens.AccessToken,
        PreviousPassword: PASSWORD,
        ProposedPassword: 'Another-Pass-7',
      }),
    );
    expect(await eventsOf('customer.password.change', 'lena@new.example')).toHaveLength(1);

    await t.resetPassword('lena@new.example', PASSWORD);
    expect(await eventsOf('customer.password.reset', 'lena@new.example')).toHaveLength(1);

    const { AccessToken } = await t.signIn('lena@new.example');
    await t.client.send(new GlobalSignOutCommand({ AccessToken }));
    const [signOut] = await eventsOf('customer.logout', 'lena@new.example');
    expect(signOut).toMatchObject({ actorEmail: 'lena@new.example', ip: '127.0.0.1' });
  });

  it('the operator’s action names the account by its address', async () => {
    const [login] = await eventsOf('customer.login', 'lena@new.example');
    const response = await t.server.fetch(`/api/admin/users/${login?.actor ?? ''}/disable`, {
      method: 'POST',
      headers: bearer(operator),
    });
    expect(response.status).toBe(200);
    const [disable] =
      (
        (await (
          await t.server.fetch('/api/admin/audit?type=admin.user.disable', { headers: bearer(operator) })
        ).json()) as AuditPageReply
      ).events ?? [];
    expect(disable).toMatchObject({ actor: 'admin', subject: login?.actor, subjectEmail: 'lena@new.example' });
  });
});
