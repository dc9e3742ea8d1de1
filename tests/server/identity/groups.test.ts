import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  CreateGroupCommand,
  DeleteGroupCommand,
  GetGroupCommand,
  ListGroupsCommand,
  ListUsersInGroupCommand,
  UpdateGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  await Promise.all(['ann@example.com', 'bob@example.com', 'cy@example.com'].map((email) => t.createUser(email)));
});
afterAll(() => t.close());

const create = (GroupName: string, extra: { Precedence?: number; Description?: string } = {}) =>
  t.admin.send(new CreateGroupCommand({ UserPoolId: POOL_ID, GroupName, ...extra }));
const add = (Username: string, GroupName: string) =>
  t.admin.send(new AdminAddUserToGroupCommand({ UserPoolId: POOL_ID, Username, GroupName }));

describe('groups', () => {
  it('CreateGroup, GetGroup and UpdateGroup describe a group as Cognito does', async () => {
    const { Group: created } = await create('editors', { Description: 'They edit', Precedence: 5 });
    expect(created).toMatchObject({ GroupName: 'editors', UserPoolId: POOL_ID, Description: 'They edit', Precedence: 5 });
    expect(created?.CreationDate).toBeInstanceOf(Date);
    expect(await failure(create('editors'))).toMatchObject({
      name: 'GroupExistsException',
      message: 'A group with the name editors already exists.',
      status: 400,
    });
    const { Group: updated } = await t.admin.send(
      new UpdateGroupCommand({ UserPoolId: POOL_ID, GroupName: 'editors', Precedence: 2 }),
    );
    expect(updated).toMatchObject({ Description: 'They edit', Precedence: 2 });
    const { Group: read } = await t.admin.send(new GetGroupCommand({ UserPoolId: POOL_ID, GroupName: 'editors' }));
    expect(read).toEqual(updated);
    expect(await failure(t.admin.send(new GetGroupCommand({ UserPoolId: POOL_ID, GroupName: 'nobody' })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Group not found.',
    });
    expect(await failure(create('bad name\n'))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await failure(create('x', { Precedence: -1 }))).toMatchObject({
      name: 'InvalidParameterException',
      message:
        "1 validation error detected: Value '-1' at 'precedence' failed to satisfy constraint: Member must have value greater than or equal to 0",
    });
    // Cognito's integers are 32-bit: a larger one is refused as such, never an InternalErrorException.
    const tooLarge = (value: number) =>
      `1 validation error detected: Value '${value}' at 'precedence' failed to satisfy constraint: Member must have value less than or equal to 2147483647`;
    expect(await failure(create('x', { Precedence: 2 ** 31 }))).toMatchObject({
      name: 'InvalidParameterException',
      message: tooLarge(2 ** 31),
      status: 400,
    });
    expect(
      await failure(t.admin.send(new UpdateGroupCommand({ UserPoolId: POOL_ID, GroupName: 'editors', Precedence: 2 ** 40 }))),
    ).toMatchObject({ name: 'InvalidParameterException', message: tooLarge(2 ** 40), status: 400 });
  });

  it('members: add (twice is fine), list both ways, remove; cognito:groups in both tokens by precedence', async () => {
    await create('admins', { Precedence: 1 });
    await create('zeta');
    await add('ann@example.com', 'zeta');
    await add('ann@example.com', 'admins');
    await add('ann@example.com', 'admins');
    const { Groups: groups } = await t.admin.send(
      new AdminListGroupsForUserCommand({ UserPoolId: POOL_ID, Username: 'ann@example.com' }),
    );
    expect(groups?.map((group) => group.GroupName)).toEqual(['admins', 'zeta']);

    const tokens = await t.signIn('ann@example.com');
    expect(decodeJwt(tokens.AccessToken)['cognito:groups']).toEqual(['admins', 'zeta']);
    expect(decodeJwt(tokens.IdToken)['cognito:groups']).toEqual(['admins', 'zeta']);
    const none = await t.signIn('bob@example.com');
    expect(decodeJwt(none.AccessToken)).not.toHaveProperty('cognito:groups');

    await t.admin.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: POOL_ID, Username: 'ann@example.com', GroupName: 'zeta' }),
    );
    const refreshed = await t.refresh(tokens.RefreshToken);
    expect(decodeJwt(refreshed.AuthenticationResult?.IdToken ?? '')['cognito:groups']).toEqual(['admins']);

    expect(await failure(add('nobody@example.com', 'admins'))).toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
    expect(await failure(add('ann@example.com', 'missing'))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Group not found.',
    });
  });

  it('takes back only a NextToken it issued for the same listing: a made-up or another listing’s is refused, never a 500', async () => {
    await create('deck');
    for (const email of ['ann@example.com', 'bob@example.com']) await add(email, 'deck');
    const madeUp = (after: string) => Buffer.from(JSON.stringify({ after })).toString('base64url');
    const groupsPage = await t.admin.send(new ListGroupsCommand({ UserPoolId: POOL_ID, Limit: 1 }));
    // Each listing is asked only when checked: a request sent and not awaited would reject unhandled.
    const listings = (NextToken: string) => [
      () => t.admin.send(new ListGroupsCommand({ UserPoolId: POOL_ID, NextToken })),
      () => t.admin.send(new AdminListGroupsForUserCommand({ UserPoolId: POOL_ID, Username: 'ann@example.com', NextToken })),
      () => t.admin.send(new ListUsersInGroupCommand({ UserPoolId: POOL_ID, GroupName: 'deck', NextToken })),
    ];
    try {
      for (const NextToken of [madeUp('\u0000'), madeUp('not-a-user'), groupsPage.NextToken ?? '']) {
        // ListGroups' own token is good for ListGroups; the other two listings must refuse it.
        for (const ask of listings(NextToken).slice(NextToken === groupsPage.NextToken ? 1 : 0)) {
          expect(await failure(ask())).toMatchObject({
            name: 'InvalidParameterException',
            message: 'Invalid pagination token.',
            status: 400,
          });
        }
      }
    } finally {
      await t.admin.send(new DeleteGroupCommand({ UserPoolId: POOL_ID, GroupName: 'deck' }));
    }
  });

  it('ListUsersInGroup and ListGroups page with Limit and NextToken', async () => {
    await create('crew');
    for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com']) await add(email, 'crew');
    const seen: string[] = [];
    let NextToken: string | undefined;
    let pages = 0;
    do {
      const page = await t.admin.send(
        new ListUsersInGroupCommand({ UserPoolId: POOL_ID, GroupName: 'crew', Limit: 2, NextToken }),
      );
      pages += 1;
      expect(page.Users?.length).toBeLessThanOrEqual(2);
      for (const user of page.Users ?? []) {
        expect(user.UserStatus).toBe('CONFIRMED');
        seen.push(user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? '');
      }
      NextToken = page.NextToken;
    } while (NextToken);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);

    const first = await t.admin.send(new ListGroupsCommand({ UserPoolId: POOL_ID, Limit: 2 }));
    expect(first.Groups?.map((group) => group.GroupName)).toEqual(['admins', 'crew']);
    const second = await t.admin.send(new ListGroupsCommand({ UserPoolId: POOL_ID, NextToken: first.NextToken }));
    expect(second.Groups?.map((group) => group.GroupName)).toEqual(['editors', 'zeta']);
    expect(second.NextToken).toBeUndefined();
    // The value in the message, as AWS writes it for a member that is not secret.
    expect(await failure(t.admin.send(new ListGroupsCommand({ UserPoolId: POOL_ID, Limit: 61 })))).toMatchObject({
      name: 'InvalidParameterException',
      message:
        "1 validation error detected: Value '61' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60",
    });
    expect(await failure(t.admin.send(new ListGroupsCommand({ UserPoolId: POOL_ID, Limit: -1 })))).toMatchObject({
      message:
        "1 validation error detected: Value '-1' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 0",
    });
  });

  it('a new precedence reorders the members’ claims; a deleted group leaves them', async () => {
    await create('first');
    await create('second', { Precedence: 3 });
    await add('cy@example.com', 'first');
    await add('cy@example.com', 'second');
    const claim = async () => decodeJwt((await t.signIn('cy@example.com')).IdToken)['cognito:groups'];
    expect(await claim()).toEqual(['second', 'crew', 'first']);
    await t.admin.send(new UpdateGroupCommand({ UserPoolId: POOL_ID, GroupName: 'first', Precedence: 0 }));
    expect(await claim()).toEqual(['first', 'second', 'crew']);
    await t.admin.send(new DeleteGroupCommand({ UserPoolId: POOL_ID, GroupName: 'second' }));
    expect(await claim()).toEqual(['first', 'crew']);
  });

  it('DeleteGroup removes the group and its memberships', async () => {
    await t.admin.send(new DeleteGroupCommand({ UserPoolId: POOL_ID, GroupName: 'crew' }));
    expect(await failure(t.admin.send(new DeleteGroupCommand({ UserPoolId: POOL_ID, GroupName: 'crew' })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Group not found.',
    });
    const { Groups: groups } = await t.admin.send(
      new AdminListGroupsForUserCommand({ UserPoolId: POOL_ID, Username: 'bob@example.com' }),
    );
    expect(groups).toEqual([]);
  });
});
