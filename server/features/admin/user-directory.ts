import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityUserRecord } from '../../../src-shared/domain/admin.ts';

/** The user pool the admin area manages, through the AWS SDK (our /cognito or AWS Cognito). */
export interface UserPool {
  client: CognitoIdentityProviderClient;
  userPoolId: string;
}

/** Cognito's largest ListUsers page. */
const LIST_USERS_PAGE = 60;

export interface UserDirectory {
  /** Every user, walking all ListUsers pages. */
  list(): Promise<IdentityUserRecord[]>;
  enable(username: string): Promise<void>;
  /** Disables the user and signs them out everywhere (their refresh tokens stop working). */
  disable(username: string): Promise<void>;
  delete(username: string): Promise<void>;
}

export function createUserDirectory({ client, userPoolId }: UserPool): UserDirectory {
  return {
    async list() {
      const users: IdentityUserRecord[] = [];
      let paginationToken: string | undefined;
      do {
        const page = await client.send(
          new ListUsersCommand({ UserPoolId: userPoolId, Limit: LIST_USERS_PAGE, PaginationToken: paginationToken }),
        );
        users.push(...(page.Users ?? []).map(toRecord));
        paginationToken = page.PaginationToken;
      } while (paginationToken);
      return users;
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
  };
}

function toRecord(user: UserType): IdentityUserRecord {
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
    list: async () => (await get()).list(),
    enable: async (username) => (await get()).enable(username),
    disable: async (username) => (await get()).disable(username),
    delete: async (username) => (await get()).delete(username),
  };
}
