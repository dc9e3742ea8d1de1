import { createServer, type IncomingMessage, type Server } from 'node:http';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../../server/db/schema.ts';
import { lazyUserDirectory, type UserDirectory } from '../../../server/features/admin/user-directory.ts';
import { createIdentityAdminClient } from '../../../server/identity/index.ts';
import { loadConfig } from '../../../server/config/config.ts';
import { listenOnLoopback } from '../../support/free-port.ts';

/**
 * The user directory as it runs against AWS Cognito (COGNITO_USER_POOL_ID set): the server's
 * admin client for an AWS pool, its requests sent by the real SDK to a stand-in that answers as
 * Cognito does and records what it was asked.
 */
const POOL = 'eu-west-1_Abc123';
const POOL_SIZE = 130;
const requests: { target: string; body: Record<string, unknown> }[] = [];
let standIn: Server;
let directory: UserDirectory;

const cognitoUser = (index: number) => ({
  Username: `4f1c${String(index).padStart(4, '0')}-aws-sub`,
  Attributes: [{ Name: 'email', Value: `person${index}@example.com` }],
  UserStatus: 'CONFIRMED',
  Enabled: true,
  UserCreateDate: 1_767_225_600,
  UserLastModifiedDate: 1_767_225_600,
});

/** Whether the stand-in refuses DescribeUserPool, as AWS does for a key whose policy leaves it out. */
let describeDenied = false;
const DENIED = Symbol('AccessDeniedException');

async function answer(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const target = String(request.headers['x-amz-target']).split('.').pop() ?? '';
  const body = JSON.parse(text) as Record<string, unknown>;
  requests.push({ target, body });
  if (target === 'DescribeUserPool') {
    if (describeDenied) return DENIED;
    return { UserPool: { Id: POOL, EstimatedNumberOfUsers: POOL_SIZE } };
  }
  // Every ListUsers answers a full page with more to come: the pool is larger than any one page.
  const limit = Number(body.Limit);
  return { Users: Array.from({ length: limit }, (_, index) => cognitoUser(index)), PaginationToken: 'more' };
}

beforeAll(async () => {
  standIn = createServer((request, response) => {
    void answer(request).then((reply) => {
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      if (reply === DENIED) {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            __type: 'AccessDeniedException',
            message: `User: arn:aws:iam::123456789012:user/console is not authorized to perform: cognito-idp:DescribeUserPool on resource: arn:aws:cognito-idp:eu-west-1:123456789012:userpool/${POOL}`,
          }),
        );
        return;
      }
      response.end(JSON.stringify(reply));
    });
  });
  const endpoint = await listenOnLoopback(standIn);
  const { identity } = loadConfig({
    COGNITO_USER_POOL_ID: POOL,
    COGNITO_CLIENT_ID: 'aws-app-client',
    COGNITO_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  });
  const aws = await createIdentityAdminClient({ identity, db: {} as Kysely<Schema>, server: { address: () => null } });
  // The same pool, its requests to the stand-in instead of cognito-idp.eu-west-1.amazonaws.com.
  const client = new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    maxAttempts: 1,
  });
  directory = lazyUserDirectory(async () => ({ ...aws, client }));
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

describe('the users list against AWS Cognito', () => {
  it("gives the pool's EstimatedNumberOfUsers as the total, labelled an estimate (AWS only ever estimates it)", async () => {
    requests.length = 0;
    const page = await directory.page({ searchBy: 'email', limit: 50, withTotal: true, withGroups: false });
    expect(page.items).toHaveLength(50);
    expect(page).toMatchObject({ total: POOL_SIZE, totalIsEstimate: true, nextCursor: 'more' });
    expect(requests.map((request) => request.target)).toEqual(['ListUsers', 'DescribeUserPool']);
  });

  it('still lists the users, with no total, for a key allowed ListUsers but not DescribeUserPool', async () => {
    describeDenied = true;
    try {
      const page = await directory.page({ searchBy: 'email', limit: 50, withTotal: true, withGroups: false });
      expect(page.items).toHaveLength(50);
      expect(page).toMatchObject({ total: null, totalIsEstimate: false, nextCursor: 'more' });
    } finally {
      describeDenied = false;
    }
  });

  it('lists a page without groups: AWS has no batched read, and a call a user would hold up the page', async () => {
    requests.length = 0;
    const page = await directory.page({ searchBy: 'email', limit: 20, withTotal: false, withGroups: true });
    expect(page.items).toHaveLength(20);
    expect(page.items.every((user) => user.Groups === undefined)).toBe(true);
    expect(requests.map((request) => request.target)).toEqual(['ListUsers']);
  });

  it('asks for a username prefix with the ListUsers Filter AWS documents, and claims no total for a search', async () => {
    requests.length = 0;
    const page = await directory.page({ q: '4f1c"00', searchBy: 'username', limit: 50, withTotal: true, withGroups: false });
    expect(requests).toEqual([{ target: 'ListUsers', body: { UserPoolId: POOL, Limit: 50, Filter: 'username ^= "4f1c\\"00"' } }]);
    expect(page).toMatchObject({ total: null, nextCursor: 'more' });
  });
});
