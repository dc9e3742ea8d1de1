import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, AuditPageReply } from '../../src-shared/domain/audit.ts';
import { bearer } from '../server/admin/admin-client.ts';
import { CLIENT_ID, failure, PASSWORD, type IdentityTestServer } from '../server/identity/support.ts';
import { adminToken, startSecurityServer } from './support.ts';

/**
 * Security events are recorded by the server where they happen. What a signed-in customer
 * sends to /api/audit-login and /api/audit-profile can annotate the server's own event of
 * that token, once, a few times per window; it can never create, flood or rewrite the log.
 */
let t: IdentityTestServer;
let operator: string;
const db = () => t.server.app.database.db;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const post = (path: string, body: unknown) =>
  t.server.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': CHROME },
    body: JSON.stringify(body),
  });

async function auditPage(query = ''): Promise<AuditPageReply> {
  const response = await t.server.fetch(`/api/admin/audit${query}`, { headers: bearer(operator) });
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPageReply;
}

const typesOf = (events: AuditEvent[] | undefined) => (events ?? []).map((event) => event.eventType);

beforeAll(async () => {
  t = await startSecurityServer();
  operator = await adminToken(t.server);
  await t.createUser('mallory@example.com', { given_name: 'Mallory' });
  await t.createUser('carol@example.com', { given_name: 'Carol' });
});
afterAll(() => t.close());

describe('forged login reports', () => {
  it('300 reports create no rows, are refused past the per-customer limit, and leave the operator’s events on the first page', async () => {
    const { IdToken } = await t.signIn('mallory@example.com');
    const countRows = async () =>
      Number(
        (
          await db()
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countRows();

    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => post('/api/audit-login', { idToken: IdToken, provider: 'google' })),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }

    expect(await countRows()).toBe(before);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(300 - 20);
    const logins = await db()
      .selectFrom('audit_events')
      .selectAll()
      .where('event_type', '=', 'customer.login')
      .where('actor_email', '=', 'mallory@example.com')
      .execute();
    expect(logins).toHaveLength(1);
    // The token's identities say password; the browser's "google" is only the annotation's claim.
    expect(logins[0]?.details).toMatchObject({ provider: 'password', flow: 'password' });
    expect(logins[0]?.annotation).toMatchObject({ reportedProvider: 'google' });

    const page = await auditPage();
    expect(typesOf(page.events)).toContain('admin.login');
    const operatorOnly = await auditPage('?type=admin.login');
    expect(operatorOnly.events?.length).toBeGreaterThanOrEqual(1);
  });
});

describe('forged profile reports', () => {
  it('a forged ceo@ → attacker@ change is stored nowhere', async () => {
    const { IdToken } = await t.signIn('carol@example.com');
    const response = await post('/api/audit-profile', {
      idToken: IdToken,
      changes: { email: { old: 'ceo@example.com', new: 'attacker@example.com' } },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false });
    const rows = await db().selectFrom('audit_events').selectAll().execute();
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain('attacker@example.com');
    expect(everything).not.toContain('ceo@example.com');
    expect(rows.filter((row) => row.event_type === 'customer.profile.update')).toHaveLength(0);
  });
});

describe('sign-ins made straight through the identity API', () => {
  it('three InitiateAuth sign-ins through the AWS SDK appear in the customer’s recent sign-ins', async () => {
    await t.createUser('dana@example.com', { given_name: 'Dana' });
    for (let i = 0; i < 3; i += 1) {
      await t.client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'dana@example.com', PASSWORD },
        }),
      );
    }
    const { IdToken } = await t.signIn('dana@example.com');
    const response = await t.server.fetch('/api/account/sign-ins', { headers: { authorization: `Bearer ${IdToken}` } });
    const { signIns } = (await response.json()) as { signIns: { method: string }[] };
    expect(signIns).toHaveLength(4);
    expect(signIns.every((signIn) => signIn.method === 'password')).toBe(true);
  });

  it('a refused sign-in is recorded with who was tried and why, for a known and an unknown name', async () => {
    await failure(
      t.client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'dana@example.com', PASSWORD: 'Wrong-Password-1' },
        }),
      ),
    );
    await failure(
      t.client.send(
        new InitiateAuthCommand({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Wrong-Password-1' },
        }),
      ),
    );
    const failed = await auditPage('?type=customer.login.failed');
    const known = failed.events?.find((event) => event.actorEmail === 'dana@example.com');
    const unknown = failed.events?.find((event) => event.actorEmail === 'nobody@example.com');
    expect(known).toMatchObject({ details: { reason: 'NotAuthorizedException', flow: 'password' } });
    expect(known?.actor).not.toBe('unknown');
    expect(unknown).toMatchObject({ actor: 'unknown', details: { reason: 'NotAuthorizedException' } });
  });

  it('the report of a real sign-in annotates it once, and a second report of the same token changes nothing', async () => {
    const { IdToken } = await t.signIn('carol@example.com');
    const eventId = String(decodeJwt(IdToken).event_id);
    expect((await post('/api/audit-login', { idToken: IdToken, provider: 'password' })).status).toBe(200);
    const annotated = await db().selectFrom('audit_events').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
    expect(annotated.annotation).toMatchObject({ reportedProvider: 'password', userAgent: CHROME });
    expect((await post('/api/audit-login', { idToken: IdToken, provider: 'google' })).status).toBe(200);
    const again = await db().selectFrom('audit_events').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
    expect(again.annotation).toEqual(annotated.annotation);
  });
});
