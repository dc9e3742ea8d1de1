import type * as Sdk from '@aws-sdk/client-cognito-identity-provider';
import { invalidParameter, resourceNotFound } from '../errors.ts';
import { requiredString, type Input } from '../fields.ts';
import type { IdentityService } from '../service.ts';
import type { Wire } from '../wire.ts';

export interface CallContext {
  service: IdentityService;
  /** The caller's address, for per-IP limits. */
  ip: string;
  /** The caller's user agent, for the security events it causes. */
  userAgent: string | null;
}

/**
 * Each operation's output, by its name in `X-Amz-Target`: the SDK's own Command output type
 * (answered without its `$metadata`), so a field the SDK does not know, or one of the
 * wrong type, fails type-checking. Types only: nothing of the SDK loads at run time.
 */
export interface OperationOutputs {
  AdminAddUserToGroup: Sdk.AdminAddUserToGroupCommandOutput;
  AdminConfirmSignUp: Sdk.AdminConfirmSignUpCommandOutput;
  AdminCreateUser: Sdk.AdminCreateUserCommandOutput;
  AdminDeleteUser: Sdk.AdminDeleteUserCommandOutput;
  AdminDeleteUserAttributes: Sdk.AdminDeleteUserAttributesCommandOutput;
  AdminDisableUser: Sdk.AdminDisableUserCommandOutput;
  AdminEnableUser: Sdk.AdminEnableUserCommandOutput;
  AdminGetUser: Sdk.AdminGetUserCommandOutput;
  AdminInitiateAuth: Sdk.AdminInitiateAuthCommandOutput;
  AdminListGroupsForUser: Sdk.AdminListGroupsForUserCommandOutput;
  AdminRemoveUserFromGroup: Sdk.AdminRemoveUserFromGroupCommandOutput;
  AdminResetUserPassword: Sdk.AdminResetUserPasswordCommandOutput;
  AdminRespondToAuthChallenge: Sdk.AdminRespondToAuthChallengeCommandOutput;
  AdminSetUserPassword: Sdk.AdminSetUserPasswordCommandOutput;
  AdminUpdateUserAttributes: Sdk.AdminUpdateUserAttributesCommandOutput;
  AdminUserGlobalSignOut: Sdk.AdminUserGlobalSignOutCommandOutput;
  ChangePassword: Sdk.ChangePasswordCommandOutput;
  ConfirmForgotPassword: Sdk.ConfirmForgotPasswordCommandOutput;
  ConfirmSignUp: Sdk.ConfirmSignUpCommandOutput;
  CreateGroup: Sdk.CreateGroupCommandOutput;
  DeleteGroup: Sdk.DeleteGroupCommandOutput;
  DeleteUser: Sdk.DeleteUserCommandOutput;
  DeleteUserAttributes: Sdk.DeleteUserAttributesCommandOutput;
  DescribeUserPool: Sdk.DescribeUserPoolCommandOutput;
  DescribeUserPoolClient: Sdk.DescribeUserPoolClientCommandOutput;
  ForgotPassword: Sdk.ForgotPasswordCommandOutput;
  GetGroup: Sdk.GetGroupCommandOutput;
  GetTokensFromRefreshToken: Sdk.GetTokensFromRefreshTokenCommandOutput;
  GetUser: Sdk.GetUserCommandOutput;
  GetUserAttributeVerificationCode: Sdk.GetUserAttributeVerificationCodeCommandOutput;
  GlobalSignOut: Sdk.GlobalSignOutCommandOutput;
  InitiateAuth: Sdk.InitiateAuthCommandOutput;
  ListGroups: Sdk.ListGroupsCommandOutput;
  ListUsers: Sdk.ListUsersCommandOutput;
  ListUsersInGroup: Sdk.ListUsersInGroupCommandOutput;
  ResendConfirmationCode: Sdk.ResendConfirmationCodeCommandOutput;
  RespondToAuthChallenge: Sdk.RespondToAuthChallengeCommandOutput;
  RevokeToken: Sdk.RevokeTokenCommandOutput;
  SignUp: Sdk.SignUpCommandOutput;
  UpdateGroup: Sdk.UpdateGroupCommandOutput;
  UpdateUserAttributes: Sdk.UpdateUserAttributesCommandOutput;
  VerifyUserAttribute: Sdk.VerifyUserAttributeCommandOutput;
}
export type OperationName = keyof OperationOutputs;

/** One Cognito operation: whether it needs a SigV4 signature, and what it does (answering as the SDK's type, on the wire). */
export interface Operation<Name extends OperationName = OperationName> {
  signed: boolean;
  /** Changes no user or session (the read cache survives it). */
  readOnly?: boolean;
  run(input: Input, context: CallContext): Promise<Wire<Omit<OperationOutputs[Name], '$metadata'>>>;
}

/** `ClientId` must name our app client, as Cognito checks. */
export function requireClientId(input: Input, service: IdentityService): string {
  const clientId = requiredString(input, 'ClientId', 128);
  if (clientId !== service.config.clientId) {
    throw resourceNotFound(`User pool client ${clientId} does not exist.`);
  }
  return clientId;
}

/** `UserPoolId` must name our pool. */
export function requirePoolId(input: Input, service: IdentityService): void {
  const poolId = requiredString(input, 'UserPoolId', 55);
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(poolId)) {
    throw invalidParameter(
      `1 validation error detected: Value '${poolId}' at 'userPoolId' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w-]+_[0-9a-zA-Z]+`,
    );
  }
  if (poolId !== service.config.userPoolId) throw resourceNotFound(`User pool ${poolId} does not exist.`);
}
