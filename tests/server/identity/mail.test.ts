import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../../support/log-capture.ts';
import { startTestServer } from '../../support/test-server.ts';
import { CLIENT_ID, PASSWORD } from './support.ts';

async function signUpAndReadLog(env: Record<string, string>) {
  const log = captureLog();
  const server = await startTestServer({ env: { LOG_LEVEL: 'info', ...env }, logStream: log.stream });
  const client = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: `${server.url}/cognito`,
    credentials: { accessKeyId: 'UNUSED', secretAccessKey: 'UNUSED' },
  });
  try {
    await client.send(new SignUpCommand({ ClientId: CLIENT_ID, Username: 'ada@example.com', Password: PASSWORD }));
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
