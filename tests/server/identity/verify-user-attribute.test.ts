import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  ConfirmSignUpCommand,
  GetUserCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock } from '../../support/movable-clock.ts';
import { startInstancesOnPostgres, type Instances } from '../../support/test-server.ts';
import {
  browserSdkClient,
  CLIENT_ID,
  codeMailedTo as codeIn,
  failure,
  PASSWORD,
  signUpWith,
  startIdentityServer,
  type IdentityTestServer,
} from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await t.createUser('ada@example.com');
});
afterAll(() => t.close());

const verify = (AccessToken: string, Code: string, AttributeName = 'email') =>
  t.client.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName, Code }));

describe('VerifyUserAttribute', () => {
  it('makes the pending email the sign-in address once its code is entered', async () => {
    const { AccessToken } = await t.signIn('ada@example.com');
    await t.client.send(
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: 'ada@new.example' }] }),
    );
    const code = await t.latestCode('ada@new.example');
    expect(await failure(verify(AccessToken, code === '000000' ? '111111' : '000000'))).toMatchObject({
      name: 'CodeMismatchException',
    });
    await verify(AccessToken, code);
    const { UserAttributes } = await t.client.send(new GetUserCommand({ AccessToken }));
    expect(Object.fromEntries((UserAttributes ?? []).map(({ Name, Value }) => [Name, Value]))).toMatchObject({
      email: 'ada@new.example',
      email_verified: 'true',
    });
    await t.signIn('ada@new.example');
    expect(await failure(t.signIn('ada@example.com'))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a code after 24 hours and attributes other than email', async () => {
    const { AccessToken } = await t.signIn('ada@new.example');
    await t.client.send(
      new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value: 'ada@third.example' }] }),
    );
    const code = await t.latestCode('ada@third.example');
    expect((await failure(verify(AccessToken, code, 'phone_number'))).name).toBe('InvalidParameterException');
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const { AccessToken: fresh } = await t.signIn('ada@new.example');
    expect(await failure(verify(fresh, code))).toMatchObject({ name: 'ExpiredCodeException' });
  });
});

/** Two servers on one PostgreSQL schema, as behind a load balancer, each with its short read cache. */
describe.runIf(process.env.TEST_DATABASE_URL)('VerifyUserAttribute across two instances on one PostgreSQL', () => {
  let instances: Instances;
  const clients: CognitoIdentityProviderClient[] = [];
  // One clock for both, standing still: what one instance remembers stays remembered while the other acts.
  const clock = new MovableClock();
  beforeAll(async () => {
    instances = await startInstancesOnPostgres(2, {}, { identityClock: clock });
    clients.push(...instances.origins.map(browserSdkClient));
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await instances.close();
  });

  /** The code in the newest mail to `to` (the instances share one outbox). */
  const codeMailedTo = (to: string) => {
    const [app] = instances.apps;
    if (app === undefined) throw new Error('no instance');
    return codeIn(app, to);
  };

  it('never makes an address the sign-in address with a code mailed to another, whichever instance remembered what', async () => {
    const [a, b] = clients as [CognitoIdentityProviderClient, CognitoIdentityProviderClient];
    await signUpWith(a, 'mallory@example.com');
    await a.send(
      new ConfirmSignUpCommand({
        ClientId: CLIENT_ID,
        Username: 'mallory@example.com',
        ConfirmationCode: await codeMailedTo('mallory@example.com'),
      }),
    );
    const signIn = await a.send(
      new InitiateAuthCommand({
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'mallory@example.com', PASSWORD },
      }),
    );
    const AccessToken = signIn.AuthenticationResult?.AccessToken ?? '';
    const changeEmail = (client: CognitoIdentityProviderClient, Value: string) =>
      client.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'email', Value }] }));

    // The victim's address is pending: its code goes to the victim, whom the attacker cannot read.
    await changeEmail(a, 'victim@example.com');
    // Instance b reads the account while that address is pending…
    await b.send(new GetUserCommand({ AccessToken }));
    // …then the attacker's own second address replaces it, and its code comes to the attacker.
    await changeEmail(a, 'mallory.two@example.com');
    const code = await codeMailedTo('mallory.two@example.com');
    // b still has the victim's address pending in mind: the code mailed to the attacker must not prove it.
    expect(
      await failure(b.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: code }))),
    ).toMatchObject({ name: 'CodeMismatchException' });

    const { UserAttributes } = await a.send(new GetUserCommand({ AccessToken }));
    const attributes = Object.fromEntries((UserAttributes ?? []).map(({ Name, Value }) => [Name, Value]));
    expect(attributes.email).not.toBe('victim@example.com');
    expect(
      await failure(
        a.send(
          new InitiateAuthCommand({
            ClientId: CLIENT_ID,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: 'victim@example.com', PASSWORD },
          }),
        ),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
