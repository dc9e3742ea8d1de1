import {
  GetUserCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startIdentityServer, type IdentityTestServer } from './support.ts';

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
