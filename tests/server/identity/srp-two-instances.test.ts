import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstancesOnPostgres, type Instances } from '../../support/test-server.ts';
import { srpClient } from './srp-client.ts';
import { browserSdkClient, CLIENT_ID, failure, PASSWORD, signUpWith } from './support.ts';

const url = process.env.TEST_DATABASE_URL;

/** Two servers on one PostgreSQL schema, as two instances behind a load balancer (no Redis). */
describe.runIf(url)('SRP sign-in across two instances on one PostgreSQL', () => {
  let instances: Instances;
  const clients: CognitoIdentityProviderClient[] = [];
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2);
    clients.push(...instances.origins.map(browserSdkClient));
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await instances.close();
  });

  it('answers on one instance the challenge the other issued, and refuses the same answer replayed on either', async () => {
    const [first, second] = clients as [CognitoIdentityProviderClient, CognitoIdentityProviderClient];
    await signUpWith(first, 'ada@example.com');
    // Confirmed directly: the code's mail is not what this test is about.
    await instances.apps[0]?.database.db
      .updateTable('identity_users')
      .set({ status: 'CONFIRMED', email_verified: true })
      .execute();
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
