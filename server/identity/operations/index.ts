import { adminDeleteUser } from './admin-delete-user.ts';
import { adminDisableUser } from './admin-disable-user.ts';
import { adminEnableUser } from './admin-enable-user.ts';
import { adminGetUser } from './admin-get-user.ts';
import { adminRespondToAuthChallenge } from './admin-respond-to-auth-challenge.ts';
import { adminUserGlobalSignOut } from './admin-user-global-sign-out.ts';
import { changePassword } from './change-password.ts';
import { confirmForgotPassword } from './confirm-forgot-password.ts';
import { confirmSignUp } from './confirm-sign-up.ts';
import { deleteUser } from './delete-user.ts';
import { deleteUserAttributes } from './delete-user-attributes.ts';
import { describeUserPool } from './describe-user-pool.ts';
import { forgotPassword } from './forgot-password.ts';
import { getTokensFromRefreshToken } from './get-tokens-from-refresh-token.ts';
import { getUserAttributeVerificationCode } from './get-user-attribute-verification-code.ts';
import { getUser } from './get-user.ts';
import { globalSignOut } from './global-sign-out.ts';
import { initiateAuth } from './initiate-auth.ts';
import { listUsers } from './list-users.ts';
import { adminAddUserToGroup } from './admin-add-user-to-group.ts';
import { adminConfirmSignUp } from './admin-confirm-sign-up.ts';
import { adminCreateUser } from './admin-create-user.ts';
import { adminDeleteUserAttributes } from './admin-delete-user-attributes.ts';
import { adminInitiateAuth } from './admin-initiate-auth.ts';
import { adminListGroupsForUser } from './admin-list-groups-for-user.ts';
import { adminRemoveUserFromGroup } from './admin-remove-user-from-group.ts';
import { adminResetUserPassword } from './admin-reset-user-password.ts';
import { adminSetUserPassword } from './admin-set-user-password.ts';
import { adminUpdateUserAttributes } from './admin-update-user-attributes.ts';
import { createGroup } from './create-group.ts';
import { deleteGroup } from './delete-group.ts';
import { describeUserPoolClient } from './describe-user-pool-client.ts';
import { getGroup } from './get-group.ts';
import { listGroups } from './list-groups.ts';
import { listUsersInGroup } from './list-users-in-group.ts';
import { updateGroup } from './update-group.ts';
import type { Operation, OperationName } from './operation.ts';
import { resendConfirmationCode } from './resend-confirmation-code.ts';
import { respondToAuthChallenge } from './respond-to-auth-challenge.ts';
import { revokeToken } from './revoke-token.ts';
import { signUp } from './sign-up.ts';
import { updateUserAttributes } from './update-user-attributes.ts';
import { verifyUserAttribute } from './verify-user-attribute.ts';

/** Every operation the service speaks, by the name in `X-Amz-Target`. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  Object.entries<Operation>({
    SignUp: signUp,
    ConfirmSignUp: confirmSignUp,
    ResendConfirmationCode: resendConfirmationCode,
    InitiateAuth: initiateAuth,
    GetUser: getUser,
    UpdateUserAttributes: updateUserAttributes,
    VerifyUserAttribute: verifyUserAttribute,
    GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
    ForgotPassword: forgotPassword,
    ConfirmForgotPassword: confirmForgotPassword,
    ChangePassword: changePassword,
    DeleteUser: deleteUser,
    DeleteUserAttributes: deleteUserAttributes,
    GlobalSignOut: globalSignOut,
    RevokeToken: revokeToken,
    ListUsers: listUsers,
    AdminGetUser: adminGetUser,
    AdminEnableUser: adminEnableUser,
    AdminDisableUser: adminDisableUser,
    AdminDeleteUser: adminDeleteUser,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
    RespondToAuthChallenge: respondToAuthChallenge,
    AdminRespondToAuthChallenge: adminRespondToAuthChallenge,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    AdminAddUserToGroup: adminAddUserToGroup,
    AdminConfirmSignUp: adminConfirmSignUp,
    AdminCreateUser: adminCreateUser,
    AdminDeleteUserAttributes: adminDeleteUserAttributes,
    AdminInitiateAuth: adminInitiateAuth,
    AdminListGroupsForUser: adminListGroupsForUser,
    AdminRemoveUserFromGroup: adminRemoveUserFromGroup,
    AdminResetUserPassword: adminResetUserPassword,
    AdminSetUserPassword: adminSetUserPassword,
    AdminUpdateUserAttributes: adminUpdateUserAttributes,
    CreateGroup: createGroup,
    DeleteGroup: deleteGroup,
    DescribeUserPoolClient: describeUserPoolClient,
    GetGroup: getGroup,
    ListGroups: listGroups,
    ListUsersInGroup: listUsersInGroup,
    UpdateGroup: updateGroup,
    DescribeUserPool: describeUserPool,
  } satisfies { [Name in OperationName]: Operation<Name> }),
);
