import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoRequest } from '../../support/cognito-request.ts';
import { captureLog } from '../../support/log-capture.ts';
import { NOT_ONE_ADDRESS } from '../../../server/mail/delivery-worker.ts';
import { startSmtpPeer, type SmtpPeer } from '../../support/smtp-peer.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { browserSdkClient, CLIENT_ID, PASSWORD, signUpWith } from './support.ts';

async function signUpAndReadLog(env: Record<string, string>) {
  const log = captureLog();
  const server = await startTestServer({ env: { LOG_LEVEL: 'info', ...env }, logStream: log.stream });
  const client = browserSdkClient(server.url);
  try {
    await signUpWith(client, 'ada@example.com');
    const mail = await server.app.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    return { log: log.text(), mail };
  } finally {
    client.destroy();
    await server.close();
  }
}

describe('verification codes by mail', () => {
  it('land in the outbox, and with no SMTP the log names the recipient and the code', async () => {
    const { log, mail } = await signUpAndReadLog({});
    expect(mail).toMatchObject({ to_address: 'ada@example.com', kind: 'signup-code', contains_secret: true, status: 'queued' });
    const code = mail.template_params.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(log).toContain('ada@example.com');
    expect(log).toContain(code);
    expect(log).not.toContain(PASSWORD);
  });

  it('never appear in the log once SMTP is configured', async () => {
    const { log, mail } = await signUpAndReadLog({ SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(log).not.toContain(mail.template_params.code ?? 'no code');
    expect(log).not.toContain(PASSWORD);
  });
});

describe('a code mail goes to the account’s own address and nowhere else', () => {
  let peer: SmtpPeer;
  let server: TestServer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    server = await startTestServer({ env: { SMTP_URL: peer.url, IDENTITY_RATE_LIMIT_PER_IP: '1000' } });
  });
  afterAll(async () => {
    await server.close();
    await peer.stop();
  });

  it('never reaches an address hidden in a sign-up name that a mail header reads as a name, a list or a group', async () => {
    // Each reads as victim@corp.example in a To header, and each counts against quotas of its own.
    const names = ['x,victim@corp.example', 'x;victim@corp.example', 'Someone<victim@corp.example>', 'g:victim@corp.example'];
    for (const name of names) {
      const signUp = await cognitoRequest(server.url, 'SignUp', { ClientId: CLIENT_ID, Username: name, Password: PASSWORD });
      // The pool refuses such a name (sign-up.test.ts); a code mail queued for one before it
      // did (an account from then) is not sent either.
      expect(signUp.status).toBe(400);
      await server.app.database.db
        .insertInto('mail_outbox')
        .values({
          to_address: name,
          subject: 'Your verification code',
          text_body: 'Your verification code is 123456',
          kind: 'signup-code',
          template_params: JSON.stringify({ code: '123456' }),
          reply_to: null,
          contains_secret: true,
          last_error: null,
          sent_at: null,
        })
        .execute();
    }
    const settled = async () =>
      (await server.app.database.db.selectFrom('mail_outbox').select('status').execute()).every(
        (row) => row.status === 'sent' || row.status === 'failed',
      );
    await expect.poll(settled, { timeout: 10_000 }).toBe(true);
    expect(peer.received.flatMap((mail) => mail.to)).not.toContain('victim@corp.example');
    expect(peer.received.map((mail) => mail.raw).join('\n')).not.toMatch(/^To:.*victim@corp\.example>?\r?$/m);
    // The operator's outbox says why each such mail was not sent.
    const outbox = await server.app.database.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status', 'last_error'])
      .execute();
    expect(outbox.length).toBeGreaterThan(0);
    for (const mail of outbox)
      expect(mail).toEqual({ to_address: mail.to_address, status: 'failed', last_error: NOT_ONE_ADDRESS });
  });
});
