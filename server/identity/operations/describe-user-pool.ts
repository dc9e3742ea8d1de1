import { sql } from 'kysely';
import { totalOf } from '../../db/row-count.ts';
import { schemaAttributes } from '../attributes.ts';
import { PASSWORD_MIN_LENGTH } from '../passwords.ts';
import type { IdentityService } from '../service.ts';
import { requirePoolId, type Operation } from './operation.ts';

/** The embedded pool belongs to no AWS account; its ARN carries this placeholder. */
const LOCAL_ACCOUNT = '000000000000';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * DescribeUserPool: the pool as AWS describes one, with what this service enforces (email as
 * the sign-in name, Cognito's default password policy, codes by email, no MFA) and
 * EstimatedNumberOfUsers, counted exactly up to a bound and the planner's estimate above.
 */
export const describeUserPool: Operation<'DescribeUserPool'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    requirePoolId(input, service);
    const [users, created] = await Promise.all([
      totalOf(service.db, service.db.selectFrom('identity_users')),
      poolCreationDate(service),
    ]);
    const { region, userPoolId } = service.config;
    return {
      UserPool: {
        Id: userPoolId,
        Name: 'HireAssist',
        Arn: `arn:aws:cognito-idp:${region}:${LOCAL_ACCOUNT}:userpool/${userPoolId}`,
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_MIN_LENGTH,
            RequireUppercase: true,
            RequireLowercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
            TemporaryPasswordValidityDays: 7,
          },
          SignInPolicy: { AllowedFirstAuthFactors: ['PASSWORD'] },
        },
        DeletionProtection: 'INACTIVE',
        LambdaConfig: {},
        LastModifiedDate: epochSeconds(created),
        CreationDate: epochSeconds(created),
        SchemaAttributes: schemaAttributes(service.config.customAttributes),
        AutoVerifiedAttributes: ['email'],
        UsernameAttributes: ['email'],
        VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        MfaConfiguration: 'OFF',
        EstimatedNumberOfUsers: users.total,
        EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false, UnusedAccountValidityDays: 7 },
        UsernameConfiguration: { CaseSensitive: false },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Priority: 1, Name: 'verified_email' }] },
        UserPoolTier: 'ESSENTIALS',
      },
    };
  },
};

/** When the pool began: its first secret (made at the service's first start). */
async function poolCreationDate(service: IdentityService): Promise<Date> {
  const { rows } = await sql<{ created: Date | null }>`select min(created_at) as created from identity_secrets`.execute(
    service.db,
  );
  return rows[0]?.created ?? new Date(service.clock.now());
}
