import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config/config.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { srpClient } from './srp-client.ts';
import { CLIENT_ID, failure, PASSWORD } from './support.ts';

const url = process.env.TEST_DATABASE_URL;

/** Two servers on one PostgreSQL schema, as two instances behind a load balancer (no Redis). */
describe.runIf(url)('SRP sign-in across two instances on one PostgreSQL', () => {
  const schema = `test_${process.pid}_srp_${Math.random().toString(36).slice(2, 8)}`;
  const apps: App[] = [];
  const clients: CognitoIdentityProviderClient[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: url ?? '', schema });
      const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }), { database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no address');
      apps.push(app);
      clients.push(
        new CognitoIdentityProviderClient({
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${address.port}/cognito`,
          credentials: { accessKeyId: 'UNUSED', secretAccessKey: 'UNUSED' },
          maxAttempts: 1,
        }),
      );
    }
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const app of apps) await app.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('answers on one instance the challenge the other issued, and refuses the same answer replayed on either', async () => {
    const [first, second] = clients as [CognitoIdentityProviderClient, CognitoIdentityProviderClient];
    await first.send(
      new SignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'ada@example.com',
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: 'ada@example.com' }],
      }),
    );
    // Confirmed directly: the code's mail is not what this test is about.
    await apps[0]?.database.db.updateTable('identity_users').set({ status: 'CONFIRMED', email_verified: true }).execute();
    const srp = await srpClient();
    const challenge = await first.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: 'ada@example.com', SRP_A: srp.srpA },
      }),
    );
    const answer = new RespondToAuthChallengeCommand({
      ClientId: CLIENT_ID,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: await srp.answer(challenge.ChallengeParameters ?? {}, PASSWORD),
    });
    expect((await second.send(answer)).AuthenticationResult?.AccessToken).toBeTruthy();
    for (const client of [first, second]) {
      expect(await failure(client.send(answer))).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
  });
});
