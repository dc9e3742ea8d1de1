import { describe, expect, it } from 'vitest';
import type { TestServer } from '../../support/test-server.ts';
import { bearer, serveAsOperator } from './admin-client.ts';

// No SMTP and no EmailJS: mail stays in the outbox, so nothing delivers the mails these tests make.
let server: TestServer;
let token: string;
serveAsOperator((started, operatorToken) => {
  server = started;
  token = operatorToken;
});

async function mail(status: 'failed' | 'sent', to: string): Promise<number> {
  const row = await server.app.database.db
    .insertInto('mail_outbox')
    .values({
      to_address: to,
      subject: 'Your code',
      text_body: 'secret',
      kind: 'signup-code',
      template_params: JSON.stringify({}),
      status,
      attempts: 5,
      last_error: status === 'failed' ? 'smtp refused' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const retry = (id: number | string, headers: Record<string, string> = bearer(token)) =>
  server.fetch(`/api/admin/outbox/${id}/retry`, { method: 'POST', headers });

describe('the outbox: delivery state and retry of a failed mail', () => {
  it('says when no mail delivery is configured', async () => {
    const body = (await (await server.fetch('/api/admin/outbox', { headers: bearer(token) })).json()) as {
      deliveryConfigured: boolean;
    };
    expect(body.deliveryConfigured).toBe(false);
  });

  it('puts a failed mail back in the queue with its attempts reset, and audits it', async () => {
    const id = await mail('failed', 'retry-me@example.com');
    const response = await retry(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const row = await server.app.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'queued', attempts: 0, last_error: null });
    const listed = (await (await server.fetch('/api/admin/outbox', { headers: bearer(token) })).json()) as {
      mails: { id: number; status: string }[];
    };
    expect(listed.mails.find((m) => m.id === id)?.status).toBe('queued');
    const audit = await server.app.database.db
      .selectFrom('audit_events')
      .select(['event_type', 'subject'])
      .where('event_type', '=', 'admin.mail.retry')
      .execute();
    expect(audit).toContainEqual({ event_type: 'admin.mail.retry', subject: String(id) });
  });

  it('refuses to send again a mail that is not failed (sent, already queued, or missing) with a 409', async () => {
    const sent = await mail('sent', 'done@example.com');
    for (const id of [sent, 999_999]) {
      const response = await retry(id);
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Only a failed mail can be retried/);
    }
    const failed = await mail('failed', 'twice@example.com');
    expect((await retry(failed)).status).toBe(200);
    expect((await retry(failed)).status).toBe(409);
  });

  it('wants an admin token before anything else, and a numeric id', async () => {
    const id = await mail('failed', 'no-token@example.com');
    expect((await retry(id, {})).status).toBe(401);
    expect((await retry('abc')).status).toBe(400);
    const row = await server.app.database.db
      .selectFrom('mail_outbox')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });
});
