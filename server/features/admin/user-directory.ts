import type { CognitoIdentityProviderClient, UserType } from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityUserRecord } from '../../../src-shared/domain/admin.ts';
import type { ListedUserRecord, ListPage, UserSearchField } from '../../../src-shared/domain/admin-lists.ts';
import { toManagedUser, type ManagedUser } from '../../../src-shared/domain/managed-user.ts';
import { InvalidListQuery } from '../../db/list-query.ts';

/** The user pool the admin area manages, through the AWS SDK (our /cognito or AWS Cognito). */
export interface UserPool {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
  /** Up to how many users the pool's EstimatedNumberOfUsers is an exact count (0: always an estimate, as AWS's). */
  exactUserCountUpTo: number;
  /**
   * The groups of these users by name, in one read: the embedded pool's, from its tables. AWS
   * Cognito has none (no batched read of memberships): its page comes without groups, and the
   * screen reads those of the rows it shows, as AdminListGroupsForUser answers one user at a time.
   */
  groupsOf?: (usernames: string[]) => Promise<Map<string, string[]>>;
  /**
   * Every user a ListUsers Filter finds, in ListUsers' order, as the screens show one, in pages
   * as large as the pool reads them: the embedded pool's, from its tables. AWS Cognito's export
   * walks ListUsers.
   */
  everyUser?: (filter: string | undefined) => AsyncIterable<ManagedUser[]>;
}

/** Cognito's largest ListUsers page. */
const LIST_USERS_PAGE = 60;

/** Which users: one ListUsers Filter at most, as Cognito allows one attribute a search. */
export interface UsersFilter {
  /** A prefix of the `searchBy` attribute (the username's case matters, the others' not). */
  q?: string;
  searchBy: UserSearchField;
  status?: string;
}

export interface UsersPageRequest extends UsersFilter {
  limit: number;
  /** The last ListUsers call's PaginationToken. */
  cursor?: string;
  /** Whether to ask the pool how many users it has (DescribeUserPool). */
  withTotal: boolean;
  /** Whether each user comes with their groups, where the pool reads them in one go (the screen's page; not an export). */
  withGroups: boolean;
}

export interface UserDirectory {
  /** A page of users in the pool's order, through ListUsers (several calls when limit > 60). */
  page(request: UsersPageRequest): Promise<ListPage<ListedUserRecord>>;
  enable(username: string): Promise<void>;
  /** Disables the user and signs them out everywhere (their refresh tokens stop working). */
  disable(username: string): Promise<void>;
  delete(username: string): Promise<void>;
  /** The user's `sub` (AdminGetUser): the key of what the product keeps about a customer. */
  subOf(username: string): Promise<string>;
  /** Every user the filter finds, as the screens show one, a batch at a time, for a streamed export. */
  all(filter: UsersFilter): AsyncGenerator<ManagedUser[]>;
}

/** A ListUsers Filter value: double-quoted, with `"` and `\` escaped. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;

/** The ListUsers Filter of a search: `email ^= "ann"`, `cognito:user_status = "CONFIRMED"`, or none. */
function listUsersFilter(filter: UsersFilter): string | undefined {
  const q = filter.q?.trim();
  if (q && filter.status !== undefined) {
    throw new InvalidListQuery("Invalid query: search by 'q' or by 'status', not both (the identity service takes one filter)");
  }
  if (q) return `${filter.searchBy} ^= ${quoted(q)}`;
  if (filter.status !== undefined) return `cognito:user_status = ${quoted(filter.status)}`;
  return undefined;
}

async function createUserDirectory({
  client,
  userPoolId,
  exactUserCountUpTo,
  groupsOf,
  everyUser,
}: UserPool): Promise<UserDirectory> {
  // Loaded with the pool's client (admin-client.ts), on first use: not at start.
  const {
    AdminDeleteUserCommand,
    AdminDisableUserCommand,
    AdminEnableUserCommand,
    AdminGetUserCommand,
    AdminUserGlobalSignOutCommand,
    DescribeUserPoolCommand,
    ListUsersCommand,
  } = await import('@aws-sdk/client-cognito-identity-provider');
  const directory: UserDirectory = {
    async page(request) {
      const filter = listUsersFilter(request);
      const users: IdentityUserRecord[] = [];
      let token = request.cursor;
      do {
        const page = await client.send(
          new ListUsersCommand({
            UserPoolId: userPoolId,
            Limit: Math.min(LIST_USERS_PAGE, request.limit - users.length),
            ...(token ? { PaginationToken: token } : {}),
            ...(filter ? { Filter: filter } : {}),
          }),
        );
        users.push(...(page.Users ?? []).map(toRecord));
        token = page.PaginationToken;
      } while (token && users.length < request.limit);
      let listed: ListedUserRecord[] = users;
      if (request.withGroups && groupsOf) {
        const groups = await groupsOf(users.map((user) => user.Username));
        listed = users.map((user) => ({ ...user, Groups: groups.get(user.Username) ?? [] }));
      }
      const onlyPage = request.cursor === undefined && !token;
      let total: number | null = null;
      if (onlyPage) total = users.length;
      else if (request.withTotal && filter === undefined) {
        // The count is a courtesy beside the page that was asked for: a key whose policy allows
        // ListUsers but not DescribeUserPool still lists the users, with no total.
        const pool = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId })).catch(() => undefined);
        total = pool?.UserPool?.EstimatedNumberOfUsers ?? null;
      }
      return {
        items: listed,
        nextCursor: token ?? null,
        total,
        totalIsEstimate: !onlyPage && total !== null && total > exactUserCountUpTo,
      };
    },
    async enable(username) {
      await client.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: username }));
    },
    async disable(username) {
      await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: username }));
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
    },
    async delete(username) {
      await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    },
    async subOf(username) {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
      const sub = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      if (sub === undefined) throw new Error(`AdminGetUser answered no sub for ${username}`);
      return sub;
    },
    async *all(filter) {
      if (everyUser) {
        yield* everyUser(listUsersFilter(filter));
        return;
      }
      let cursor: string | undefined;
      do {
        const page = await directory.page({
          ...filter,
          limit: LIST_USERS_PAGE,
          withTotal: false,
          withGroups: false,
          ...(cursor ? { cursor } : {}),
        });
        if (page.items.length > 0) yield page.items.map(toManagedUser);
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
    },
  };
  return directory;
}

export function toRecord(user: UserType): IdentityUserRecord {
  const epoch = new Date(0).toISOString();
  return {
    Username: user.Username ?? '',
    Attributes: (user.Attributes ?? []).map((attribute) => ({ Name: attribute.Name ?? '', Value: attribute.Value ?? '' })),
    UserStatus: user.UserStatus ?? 'UNKNOWN',
    UserCreateDate: user.UserCreateDate?.toISOString() ?? epoch,
    UserLastModifiedDate: user.UserLastModifiedDate?.toISOString() ?? epoch,
    Enabled: user.Enabled ?? false,
  };
}

/** A directory whose pool client is made on first use, and made again if making it failed. */
export function lazyUserDirectory(makePool: () => Promise<UserPool>): UserDirectory {
  let directory: Promise<UserDirectory> | undefined;
  const get = () => {
    directory ??= makePool().then(createUserDirectory, (error: unknown) => {
      directory = undefined;
      throw error;
    });
    return directory;
  };
  return {
    page: async (request) => (await get()).page(request),
    enable: async (username) => (await get()).enable(username),
    disable: async (username) => (await get()).disable(username),
    delete: async (username) => (await get()).delete(username),
    subOf: async (username) => (await get()).subOf(username),
    async *all(filter) {
      yield* (await get()).all(filter);
    },
  };
}
