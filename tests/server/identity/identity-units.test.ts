import { generateKeyPairSync } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { parseUserFilter } from '../../../server/identity/filter.ts';
import { lockAfterFailure } from '../../../server/identity/lockout.ts';
import { concurrencyLimit, createPasswordHasher, passwordPolicyViolation } from '../../../server/identity/passwords.ts';
import { verifySignature } from '../../../server/identity/sigv4.ts';
import { createSigningKeys, issueTokens, verifyJwt } from '../../../server/identity/tokens.ts';
import { maskEmail } from '../../../server/identity/users.ts';

describe('the password policy', () => {
  it.each([
    ['Aa1!aaaa', undefined],
    ['Aa1 aaaa', undefined],
    ['Aa1!aaa', 'Password did not conform with policy: Password not long enough'],
    ['aa1!aaaa', 'Password did not conform with policy: Password must have uppercase characters'],
    ['AA1!AAAA', 'Password did not conform with policy: Password must have lowercase characters'],
    ['Aaa!aaaa', 'Password did not conform with policy: Password must have numeric characters'],
    ['Aa1aaaaa', 'Password did not conform with policy: Password must have symbol characters'],
    [' Aa1!aaaa', 'Password did not conform with policy: Password must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$'],
  ])('%j → %s', (password, message) => {
    expect(passwordPolicyViolation(password)).toBe(message);
  });
});

describe('password hashing, one hash per core at a time', () => {
  it('runs at most the limit at once and the rest in arrival order', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((id) => limit(task(id))));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(() => Promise.resolve('next'))).toBe('next');
  });

  it('still verifies passwords, and an unknown user costs a hash and fails', async () => {
    const hasher = await createPasswordHasher(1);
    const stored = await hasher.hash('Correct-Horse-1');
    const [right, wrong, unknown] = await Promise.all([
      hasher.verify(stored, 'Correct-Horse-1'),
      hasher.verify(stored, 'Wrong-Horse-1'),
      hasher.verify(null, 'Correct-Horse-1'),
    ]);
    expect({ right, wrong, unknown }).toEqual({ right: true, wrong: false, unknown: false });
  });
});

describe('the ListUsers filter parser', () => {
  it('parses = and ^= with escaped quotes', () => {
    expect(parseUserFilter('email = "a@b.c"')).toEqual({ attribute: 'email', operator: '=', value: 'a@b.c' });
    expect(parseUserFilter('family_name ^= "O\\"Brien"')).toEqual({ attribute: 'family_name', operator: '^=', value: 'O"Brien' });
    expect(parseUserFilter('cognito:user_status="CONFIRMED"')).toEqual({
      attribute: 'cognito:user_status',
      operator: '=',
      value: 'CONFIRMED',
    });
    expect(parseUserFilter('  ')).toBeUndefined();
  });

  it.each(['email', 'email = a@b.c', 'email != "x"', 'email = "x" and sub = "y"', 'phone = "1"'])('refuses %j', (filter) => {
    expect(() => parseUserFilter(filter)).toThrow(expect.objectContaining({ type: 'InvalidParameterException' }));
  });
});

describe('the lockout schedule', () => {
  it('locks from the fifth failure for 1 s, doubling, capped at 15 minutes', () => {
    expect(lockAfterFailure(4, 0)).toBeNull();
    expect(lockAfterFailure(5, 0)?.getTime()).toBe(1000);
    expect(lockAfterFailure(6, 0)?.getTime()).toBe(2000);
    expect(lockAfterFailure(9, 0)?.getTime()).toBe(16_000);
    expect(lockAfterFailure(30, 0)?.getTime()).toBe(900_000);
  });
});

describe('SigV4 verification', () => {
  const key = { accessKeyId: 'AKIATESTTESTTEST0000', secretAccessKey: 'secret/secret+secret' };
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  async function signed(secret = key.secretAccessKey, at = now, applyChecksum = true) {
    const signer = new SignatureV4({
      applyChecksum,
      credentials: { ...key, secretAccessKey: secret },
      region: 'us-east-1',
      service: 'cognito-idp',
      sha256: Sha256,
    });
    const request = await signer.sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: 3000,
        path: '/cognito/',
        headers: {
          host: '127.0.0.1:3000',
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
        },
        body: '{"UserPoolId":"us-east-1_local"}',
      },
      { signingDate: new Date(at) },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
    return { method: 'POST', url: '/cognito/', headers, body: '{"UserPoolId":"us-east-1_local"}' };
  }

  it('accepts a request signed with the key, and refuses a changed body, a wrong secret, and a stale date', async () => {
    await expect(verifySignature(await signed(), key, now)).resolves.toBeUndefined();
    await expect(verifySignature({ ...(await signed()), body: '{"UserPoolId":"other"}' }, key, now)).rejects.toMatchObject({
      type: 'InvalidSignatureException',
    });
    const withoutChecksum = await signed(key.secretAccessKey, now, false);
    await expect(verifySignature(withoutChecksum, key, now)).resolves.toBeUndefined();
    await expect(verifySignature({ ...withoutChecksum, body: '{}' }, key, now)).rejects.toMatchObject({
      type: 'InvalidSignatureException',
    });
    await expect(verifySignature(await signed('wrong'), key, now)).rejects.toMatchObject({ type: 'InvalidSignatureException' });
    await expect(verifySignature(await signed(), key, now + 5 * 60 * 1000 + 1000)).rejects.toMatchObject({
      type: 'InvalidSignatureException',
      message: expect.stringMatching(/^Signature expired/),
    });
    await expect(verifySignature(await signed(), key, now - 5 * 60 * 1000 - 1000)).rejects.toMatchObject({
      message: expect.stringMatching(/^Signature not yet current/),
    });
    await expect(verifySignature(await signed(), { ...key, accessKeyId: 'AKIAOTHER' }, now)).rejects.toMatchObject({
      type: 'UnrecognizedClientException',
    });
  });
});

describe('tokens', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = createSigningKeys(
    { kid: 'k1', privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    'https://x/cognito/p',
  );
  const user = {
    sub: 's',
    username: 'google_123',
    email: 'a@b.c',
    email_verified: true,
    given_name: null,
    family_name: 'F',
    phone_number: null,
    identities: [
      { userId: '123', providerName: 'Google', providerType: 'Google', issuer: null, primary: 'true', dateCreated: '1' },
    ],
  };

  it('puts identities in the id token of a federated user and leaves out unset attributes', async () => {
    const tokens = await issueTokens(keys, user, { sessionId: 'o', clientId: 'c', authTime: 1, scope: 'openid' }, 10_000);
    const id = verifyJwt(keys, tokens.IdToken, 10_000);
    expect(id.ok && id.claims).toMatchObject({
      identities: user.identities,
      'cognito:username': 'google_123',
      family_name: 'F',
      aud: 'c',
    });
    expect(id.ok && Object.keys(id.claims)).not.toContain('given_name');
    expect(verifyJwt(keys, tokens.AccessToken, 10_000 + 3600 * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('masks an email as Cognito does', () => {
    expect(maskEmail('ada@example.com')).toBe('a***@e***');
  });
});
