import { createRequire } from 'node:module';
import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type CognitoIdentityProviderClient,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordVerifierAnswer } from '../../support/srp-openssl-client.ts';
import { CLIENT_ID, POOL_ID } from './support.ts';

interface Helper {
  getLargeAValue(callback: (error: unknown, value: { toString(radix: number): string }) => void): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    serverB: unknown,
    salt: unknown,
    callback: (error: unknown, key: Buffer) => void,
  ): void;
}
type Constructor<T> = new (...args: unknown[]) => T;
const unwrap = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;
// The client's own SRP arithmetic (amazon-cognito-identity-js, untyped internals), so the SDK
// tests compute exactly what apps compute.
const load = createRequire(import.meta.url);
const AuthenticationHelper = unwrap<Constructor<Helper>>(load('amazon-cognito-identity-js/lib/AuthenticationHelper.js'));
const BigInteger = unwrap<Constructor<unknown>>(load('amazon-cognito-identity-js/lib/BigInteger.js'));
const DateHelper = unwrap<Constructor<{ getNowString(): string }>>(load('amazon-cognito-identity-js/lib/DateHelper.js'));

const poolName = POOL_ID.split('_')[1] ?? '';

/** A fresh client side of USER_SRP_AUTH: its SRP_A, and how to answer the challenge with a password. */
export async function srpClient() {
  const helper = new AuthenticationHelper(poolName);
  const srpA = await new Promise<string>((resolve, reject) =>
    helper.getLargeAValue((error, value) => (error ? reject(error) : resolve(value.toString(16)))),
  );
  return {
    srpA,
    /** The PASSWORD_VERIFIER answer as amazon-cognito-identity-js computes it. */
    async answer(parameters: Record<string, string>, password: string, timestamp = new DateHelper().getNowString()) {
      const username = parameters.USER_ID_FOR_SRP ?? '';
      const key = await new Promise<Buffer>((resolve, reject) =>
        helper.getPasswordAuthenticationKey(
          username,
          password,
          new BigInteger(parameters.SRP_B, 16),
          new BigInteger(parameters.SALT, 16),
          (error, hkdf) => (error ? reject(error) : resolve(hkdf)),
        ),
      );
      return passwordVerifierAnswer(poolName, { username, block: parameters.SECRET_BLOCK ?? '', timestamp }, key);
    },
  };
}

/** Both steps of USER_SRP_AUTH through the AWS SDK; answers what RespondToAuthChallenge answers. */
export async function srpSignIn(
  client: CognitoIdentityProviderClient,
  login: string,
  password: string,
): Promise<InitiateAuthCommandOutput> {
  const srp = await srpClient();
  const challenge = await client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: login, SRP_A: srp.srpA },
    }),
  );
  return client.send(
    new RespondToAuthChallengeCommand({
      ClientId: CLIENT_ID,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: await srp.answer(challenge.ChallengeParameters ?? {}, password),
    }),
  );
}
