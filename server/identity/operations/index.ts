import { adminDeleteUser } from './admin-delete-user.ts';
import { adminDisableUser } from './admin-disable-user.ts';
import { adminEnableUser } from './admin-enable-user.ts';
import { adminGetUser } from './admin-get-user.ts';
import { adminUserGlobalSignOut } from './admin-user-global-sign-out.ts';
import { changePassword } from './change-password.ts';
import { confirmForgotPassword } from './confirm-forgot-password.ts';
import { confirmSignUp } from './confirm-sign-up.ts';
import { deleteUser } from './delete-user.ts';
import { forgotPassword } from './forgot-password.ts';
import { getUserAttributeVerificationCode } from './get-user-attribute-verification-code.ts';
import { getUser } from './get-user.ts';
import { globalSignOut } from './global-sign-out.ts';
import { initiateAuth } from './initiate-auth.ts';
import { listUsers } from './list-users.ts';
import type { Operation } from './operation.ts';
import { resendConfirmationCode } from './resend-confirmation-code.ts';
import { revokeToken } from './revoke-token.ts';
import { signUp } from './sign-up.ts';
import { updateUserAttributes } from './update-user-attributes.ts';
import { verifyUserAttribute } from './verify-user-attribute.ts';

/** Every operation the service speaks, by the name in `X-Amz-Target`. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  Object.entries({
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
    GlobalSignOut: globalSignOut,
    RevokeToken: revokeToken,
    ListUsers: listUsers,
    AdminGetUser: adminGetUser,
    AdminEnableUser: adminEnableUser,
    AdminDisableUser: adminDisableUser,
    AdminDeleteUser: adminDeleteUser,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
  }),
);
