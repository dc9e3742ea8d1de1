import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CreateGroupCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

/** Migration 12's tables and the attribute map once more on PostgreSQL (the other files use PGlite). */
describe.runIf(process.env.TEST_DATABASE_URL)('groups, attributes and invitations on PostgreSQL', () => {
  let t: IdentityTestServer;
  beforeAll(async () => {
    t = await startIdentityServer({ IDENTITY_CUSTOM_ATTRIBUTES: 'tier:Number:0-10' }, { postgres: true });
  });
  afterAll(() => t.close());

  it('invites, groups, writes and deletes attributes, and signs the claims', async () => {
    const { User: invited } = await t.admin.send(
      new AdminCreateUserCommand({ UserPoolId: POOL_ID, Username: 'new@example.com', TemporaryPassword: PASSWORD }),
    );
    expect(invited?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    await t.createUser('ada@example.com', { locale: 'fr-FR' });
    const user = { UserPoolId: POOL_ID, Username: 'ada@example.com' };
    await t.admin.send(
      new AdminUpdateUserAttributesCommand({
        ...user,
        UserAttributes: [
          { Name: 'custom:tier', Value: '4' },
          { Name: 'nickname', Value: 'Ada' },
        ],
      }),
    );
    await t.admin.send(new AdminDeleteUserAttributesCommand({ ...user, UserAttributeNames: ['nickname'] }));
    const attributes = (await t.admin.send(new AdminGetUserCommand(user))).UserAttributes ?? [];
    expect(attributes).toEqual(
      expect.arrayContaining([
        { Name: 'locale', Value: 'fr-FR' },
        { Name: 'custom:tier', Value: '4' },
      ]),
    );
    expect(attributes.find((attribute) => attribute.Name === 'nickname')).toBeUndefined();
    await t.admin.send(new CreateGroupCommand({ UserPoolId: POOL_ID, GroupName: 'staff' }));
    await t.admin.send(new AdminAddUserToGroupCommand({ ...user, GroupName: 'staff' }));
    const { Users } = await t.admin.send(new ListUsersInGroupCommand({ UserPoolId: POOL_ID, GroupName: 'staff' }));
    expect(Users).toHaveLength(1);
    const tokens = await t.signIn('ada@example.com');
    expect(decodeJwt(tokens.IdToken)).toMatchObject({ 'cognito:groups': ['staff'], 'custom:tier': '4', locale: 'fr-FR' });
    const refreshed = await t.refresh(tokens.RefreshToken);
    expect(decodeJwt(refreshed.AuthenticationResult?.AccessToken ?? '')['cognito:groups']).toEqual(['staff']);
  });
});
