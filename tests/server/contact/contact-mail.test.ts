import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../support/log-capture.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { startSmtpPeer, type SmtpPeer } from '../../support/smtp-peer.ts';

describe('a contact message reaches the team by SMTP (the real server and a real SMTP peer)', () => {
  let peer: SmtpPeer;
  let server: TestServer;
  const log = captureLog();
  beforeAll(async () => {
    peer = await startSmtpPeer();
    server = await startTestServer({
      env: {
        SMTP_URL: peer.url,
        CONTACT_NOTIFY_TO: 'sales@hireassist.example',
        MAIL_FROM: 'HireAssist <web@hireassist.example>',
        LOG_LEVEL: 'info',
      },
      logStream: log.stream,
    });
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
  });

  it('delivers the notification after the message is stored, and never logs the message text', async () => {
    const response = await server.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        message: 'A private note about our hiring plans',
      }),
    });
    expect(response.status).toBe(201);

    const deadline = Date.now() + 10_000;
    while (peer.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]).toMatchObject({ from: 'web@hireassist.example', to: ['sales@hireassist.example'] });
    expect(peer.received[0]?.raw).toContain('Subject: Contact form: New message');
    // The sales team answers the visitor by replying to the notification.
    expect(peer.received[0]?.raw).toMatch(/^Reply-To: grace@navy.example\r?$/m);
    expect(peer.received[0]?.raw).toContain('A private note about our hiring plans');

    // The peer holds the message as soon as the server's DATA ends; the delivery worker records
    // the outcome a moment later (CI once read the row while it still said 'sending').
    const outcome = () =>
      server.app.database.db.selectFrom('mail_outbox').select(['status', 'attempts']).executeTakeFirstOrThrow();
    await expect.poll(outcome, { timeout: 10_000 }).toMatchObject({ status: 'sent', attempts: 1 });
    expect(log.text()).not.toContain('A private note');
  });
});
