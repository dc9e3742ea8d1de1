import {
  CognitoIdentityProviderClient,
  ListUsersCommand,
  paginateListUsers,
  type ListUsersCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';
import { seedUsers } from '../../support/identity-users.ts';
import { cognitoRequest } from '../../support/cognito-request.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer();
  // 125 users straight into the database (their password hash is irrelevant here).
  await seedUsers(t.server.app.database.db, 125, (index) => ({
    username: `user-${String(index).padStart(3, '0')}`,
    email: `person${index}@example.com`,
    email_verified: index % 2 === 0,
    given_name: index < 3 ? `Ada${index}` : `Name${index}`,
    family_name: 'Lovelace',
    status: index === 7 ? 'UNCONFIRMED' : 'CONFIRMED',
    enabled: index !== 9,
    // Standard attributes without a column of their own, as UpdateUserAttributes keeps them.
    ...(index === 4 ? { attributes: JSON.stringify({ name: 'Ada King', preferred_username: 'Countess' }) } : {}),
  }));
});
afterAll(() => t.close());

const list = (input: Partial<ListUsersCommandInput> = {}) =>
  t.admin.send(new ListUsersCommand({ UserPoolId: POOL_ID, ...input }));

describe('ListUsers (signed with the admin key)', () => {
  it('pages through every user exactly once with an opaque token', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await list({ Limit: 60, PaginationToken: token });
      seen.push(...(page.Users ?? []).map((user) => user.Username ?? ''));
      token = page.PaginationToken;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(125);
    const first = (await list({ Limit: 1 })).Users?.[0];
    expect(first).toMatchObject({ Username: 'user-000', Enabled: true, UserStatus: 'CONFIRMED' });
    expect(first?.UserCreateDate).toBeInstanceOf(Date);
    expect(first?.Attributes).toContainEqual({ Name: 'email', Value: 'person0@example.com' });
  });

  it('the SDK’s paginateListUsers walks a filtered listing to its end, each user once', async () => {
    const pages: number[] = [];
    const seen = new Set<string>();
    const paginator = paginateListUsers(
      { client: t.admin, pageSize: 50 },
      { UserPoolId: POOL_ID, Filter: 'family_name ^= "love"', AttributesToGet: ['email'] },
    );
    for await (const page of paginator) {
      pages.push(page.Users?.length ?? 0);
      for (const user of page.Users ?? []) {
        seen.add(user.Username ?? '');
        expect(user.Attributes?.map(({ Name }) => Name)).toEqual(['email']);
      }
    }
    expect(pages).toEqual([50, 50, 25]);
    expect(seen.size).toBe(125);
  });

  it('refuses a Limit outside 1-60 and a made-up pagination token', async () => {
    for (const Limit of [0, 61]) {
      expect((await failure(list({ Limit }))).name).toBe('InvalidParameterException');
    }
    // AWS's own validation: the range is 0-60, and the value is in the message.
    expect(await failure(list({ Limit: 61 }))).toMatchObject({
      message:
        "1 validation error detected: Value '61' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 60",
    });
    expect(await failure(list({ Limit: -1 }))).toMatchObject({
      message:
        "1 validation error detected: Value '-1' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 0",
    });
    expect(await failure(list({ PaginationToken: 'bogus' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Invalid pagination token.',
    });
  });

  it('takes back only a pagination token it issued: one made up to start after any text is refused, never a 500', async () => {
    const madeUp = (after: string) => Buffer.from(JSON.stringify({ after })).toString('base64url');
    for (const PaginationToken of [madeUp('\u0000'), madeUp('\ud800')]) {
      expect(await failure(list({ PaginationToken }))).toMatchObject({
        name: 'InvalidParameterException',
        message: 'Invalid pagination token.',
        status: 400,
      });
    }
  });

  it.each([
    ['email = "person5@example.com"', ['user-005']],
    ['email = "PERSON5@example.com"', ['user-005']],
    ['username = "user-004"', ['user-004']],
    ['given_name ^= "Ada"', ['user-000', 'user-001', 'user-002']],
    ['family_name = "Nobody"', []],
    ['cognito:user_status = "UNCONFIRMED"', ['user-007']],
    ['status = "Disabled"', ['user-009']],
    ['username ^= "user-12"', ['user-120', 'user-121', 'user-122', 'user-123', 'user-124']],
    // What AWS documents: username and status compare case-sensitively, the others ignore case.
    ['username = "USER-004"', []],
    ['given_name ^= "ada"', ['user-000', 'user-001', 'user-002']],
    ['family_name = "LOVELACE"', Array.from({ length: 60 }, (_, index) => `user-${String(index).padStart(3, '0')}`)],
    ['email ^= "PERSON12"', ['user-012', 'user-120', 'user-121', 'user-122', 'user-123', 'user-124']],
    ['email ^= "person1_"', []],
    ['cognito:user_status = "unconfirmed"', ['user-007']],
    ['status = "disabled"', []],
    [
      'status = "Enabled"',
      Array.from({ length: 61 }, (_, index) => `user-${String(index).padStart(3, '0')}`).filter((name) => name !== 'user-009'),
    ],
    ['name = "Ada"', []],
    ['name = "ada king"', ['user-004']],
    ['name ^= "Ada K"', ['user-004']],
    ['preferred_username ^= "a"', []],
    ['preferred_username ^= "COUNT"', ['user-004']],
    ['phone_number ^= "+1"', []],
    ['  email   ^=   "person5@example.com"  ', ['user-005']],
    ['given_name = "Say \\"hi\\""', []],
    // The attribute's name in quotes too, as in the API reference's own example ("email"^="testuser").
    ['"email"^="person5@"', ['user-005']],
    ['"given_name" ^= "Ada"', ['user-000', 'user-001', 'user-002']],
  ])('filters with %s', async (Filter, expected) => {
    const { Users } = await list({ Filter });
    expect((Users ?? []).map((user) => user.Username)).toEqual(expected);
  });

  it('filters by sub and returns only AttributesToGet', async () => {
    const { Users: [someone] = [] } = await list({ Limit: 1 });
    const sub = someone?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? '';
    const { Users } = await list({ Filter: `sub = "${sub}"`, AttributesToGet: ['email'] });
    expect(Users).toHaveLength(1);
    expect(Users?.[0]?.Attributes).toEqual([{ Name: 'email', Value: 'person0@example.com' }]);
  });

  it('refuses a filter it cannot parse or on an attribute it cannot search', async () => {
    expect(await failure(list({ Filter: 'email == person' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Error while parsing filter.',
    });
    expect(await failure(list({ Filter: 'shoe_size = "9"' }))).toMatchObject({ name: 'InvalidParameterException' });
  });

  it('refuses an unknown pool', async () => {
    expect(await failure(list({ UserPoolId: 'us-east-1_other' }))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool us-east-1_other does not exist.',
    });
  });
});

describe('the admin signature (AWS SigV4)', () => {
  const clientWith = (
    credentials: { accessKeyId: string; secretAccessKey: string },
    options: { systemClockOffset?: number } = {},
  ) =>
    new CognitoIdentityProviderClient({
      region: 'us-east-1',
      endpoint: `${t.server.url}/cognito`,
      credentials,
      maxAttempts: 1,
      ...options,
    });

  it('refuses an unknown access key', async () => {
    const client = clientWith({ accessKeyId: 'AKIAUNKNOWN000000000', secretAccessKey: 'whatever' });
    expect(await failure(client.send(new ListUsersCommand({ UserPoolId: POOL_ID })))).toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });
  });

  it('refuses the right key id with the wrong secret', async () => {
    const { accessKeyId } = await t.admin.config.credentials();
    const client = clientWith({ accessKeyId, secretAccessKey: 'not-the-secret' });
    const result = await failure(client.send(new ListUsersCommand({ UserPoolId: POOL_ID })));
    expect(result.name).toBe('InvalidSignatureException');
    expect(result.message).toContain('does not match the signature you provided');
  });

  it('refuses a request signed more than 5 minutes off', async () => {
    const credentials = await t.admin.config.credentials();
    const client = clientWith(credentials, { systemClockOffset: -6 * 60 * 1000 });
    const result = await failure(client.send(new ListUsersCommand({ UserPoolId: POOL_ID })));
    expect(result.name).toBe('InvalidSignatureException');
    expect(result.message).toMatch(/^Signature expired: \d{8}T\d{6}Z is now earlier than/);
  });

  it('refuses an unsigned admin request', async () => {
    const response = await cognitoRequest(t.server.url, 'ListUsers', { UserPoolId: POOL_ID });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      __type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    });
  });
});
