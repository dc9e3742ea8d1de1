import type { ExplicitAuthFlowsType } from '@aws-sdk/client-cognito-identity-provider';
import { READABLE_ATTRIBUTES } from '../attributes.ts';
import { ACCESS_TOKEN_SECONDS, ADMIN_SCOPE, ID_TOKEN_SECONDS, REFRESH_TOKEN_DAYS } from '../tokens.ts';
import { requireClientId, requirePoolId, type Operation } from './operation.ts';

/**
 * The sign-in flows InitiateAuth and AdminInitiateAuth accept for our client: REFRESH_TOKEN_AUTH
 * only with refresh token rotation off, as in a Cognito app client.
 */
const explicitAuthFlows = (rotation: boolean): ExplicitAuthFlowsType[] => [
  'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  'ALLOW_USER_PASSWORD_AUTH',
  ...(rotation ? [] : (['ALLOW_REFRESH_TOKEN_AUTH'] as const)),
  'ALLOW_USER_SRP_AUTH',
];

/**
 * DescribeUserPoolClient: the one app client, as configured (a public client: no secret).
 * Its dates are those of the installation's signing key, made when the pool first started.
 */
export const describeUserPoolClient: Operation<'DescribeUserPoolClient'> = {
  readOnly: true,
  signed: true,
  async run(input, { service }) {
    requirePoolId(input, service);
    const clientId = requireClientId(input, service);
    const created = await service.db
      .selectFrom('identity_secrets')
      .select('created_at')
      .where('name', '=', 'signing-key')
      .executeTakeFirst();
    const since = Math.floor((created?.created_at.getTime() ?? service.clock.now()) / 1000);
    const { config } = service;
    const custom = config.customAttributes.map((attribute) => `custom:${attribute.name}`);
    return {
      UserPoolClient: {
        UserPoolId: config.userPoolId,
        ClientName: 'HireAssist',
        ClientId: clientId,
        LastModifiedDate: since,
        CreationDate: since,
        RefreshTokenValidity: REFRESH_TOKEN_DAYS,
        AccessTokenValidity: ACCESS_TOKEN_SECONDS / 60,
        IdTokenValidity: ID_TOKEN_SECONDS / 60,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
        ReadAttributes: [...READABLE_ATTRIBUTES.filter((name) => name !== 'sub' && name !== 'identities'), ...custom].sort(),
        WriteAttributes: [
          ...READABLE_ATTRIBUTES.filter(
            (name) => !['sub', 'identities', 'email_verified', 'phone_number_verified'].includes(name),
          ),
          ...config.customAttributes.filter((attribute) => attribute.mutable).map((attribute) => `custom:${attribute.name}`),
        ].sort(),
        ExplicitAuthFlows: explicitAuthFlows(config.refreshTokenRotation.enabled),
        RefreshTokenRotation: config.refreshTokenRotation.enabled
          ? { Feature: 'ENABLED', RetryGracePeriodSeconds: config.refreshTokenRotation.graceSeconds }
          : { Feature: 'DISABLED' },
        SupportedIdentityProviders: ['COGNITO', ...(['Google', 'AzureAD'] as const).filter((name) => config.providers[name])],
        CallbackURLs: config.allowedRedirectUris,
        LogoutURLs: config.allowedLogoutUris,
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email', 'profile', 'phone', ADMIN_SCOPE],
        AllowedOAuthFlowsUserPoolClient: true,
        PreventUserExistenceErrors: 'ENABLED',
        EnableTokenRevocation: true,
        EnablePropagateAdditionalUserContextData: false,
        AuthSessionValidity: 3,
      },
    };
  },
};
