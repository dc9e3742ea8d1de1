import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { parseUserFilter } from '../../../server/identity/filter.ts';
import { lockAfterFailure } from '../../../server/identity/lockout.ts';
import { startPasswordThreads } from '../../../server/identity/password-threads.ts';
import { createPasswordHasher, passwordPolicyViolation } from '../../../server/identity/passwords.ts';
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

describe('password hashing on threads of its own, in batches', () => {
  it('still verifies passwords, and an unknown user costs a hash and fails', async () => {
    const hasher = await createPasswordHasher(1);
    const stored = await hasher.hash('Correct-Horse-1');
    const [right, wrong, unknown] = await Promise.all([
      hasher.verify(stored, 'Correct-Horse-1'),
      hasher.verify(stored, 'Wrong-Horse-1'),
      hasher.verify(null, 'Correct-Horse-1'),
    ]);
    expect({ right, wrong, unknown }).toEqual({ right: true, wrong: false, unknown: false });
    await hasher.close();
  });

  it('gives every check queued behind a busy thread its own answer', async () => {
    const hasher = await createPasswordHasher(1);
    const [first, second] = await Promise.all([hasher.hash('First-Horse-1'), hasher.hash('Second-Horse-2')]);
    // Twenty at once on one thread: the first runs alone, the rest wait and come back in batches.
    const checks = Array.from({ length: 20 }, (_, index) => ({
      stored: index % 2 === 0 ? first : second,
      password: index % 3 === 0 ? 'First-Horse-1' : 'Second-Horse-2',
    }));
    const answers = await Promise.all(checks.map(({ stored, password }) => hasher.verify(stored, password)));
    expect(answers).toEqual(
      checks.map(({ stored, password }) => (stored === first ? password === 'First-Horse-1' : password === 'Second-Horse-2')),
    );
    await hasher.close();
  });

  it('fails only the check whose stored hash argon2 cannot read', async () => {
    const hasher = await createPasswordHasher(1);
    const stored = await hasher.hash('Correct-Horse-1');
    const [before, broken, after] = await Promise.allSettled([
      hasher.verify(stored, 'Correct-Horse-1'),
      hasher.verify('not an argon2 hash', 'Correct-Horse-1'),
      hasher.verify(stored, 'Correct-Horse-1'),
    ]);
    expect(before).toEqual({ status: 'fulfilled', value: true });
    expect(broken.status).toBe('rejected');
    expect(after).toEqual({ status: 'fulfilled', value: true });
    await hasher.close();
  });

  it('answers every check when the queue is shared out over two threads', async () => {
    const hasher = await createPasswordHasher(2);
    const stored = await hasher.hash('Correct-Horse-1');
    const answers = await Promise.all(Array.from({ length: 6 }, () => hasher.verify(stored, 'Correct-Horse-1')));
    expect(answers).toEqual([true, true, true, true, true, true]);
    await hasher.close();
  });

  it('fails every hash, with the reason, when its thread cannot start', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'password-thread-'));
    const file = path.join(dir, 'broken-thread.mjs');
    await writeFile(file, "throw new Error('argon2 is missing');\n");
    const threads = startPasswordThreads(1, file);
    const reason = 'The password thread stopped (exit code 1): argon2 is missing';
    await expect(threads.run({ kind: 'verify', hash: 'x', password: 'y' })).rejects.toThrow(reason);
    // Not started again and again: the next one fails at once, for the same reason.
    await expect(threads.run({ kind: 'verify', hash: 'x', password: 'y' })).rejects.toThrow(reason);
    await threads.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fails what is still waiting when closed, and anything asked afterwards', async () => {
    const hasher = await createPasswordHasher(1);
    const waiting = Promise.allSettled(Array.from({ length: 3 }, () => hasher.hash('Correct-Horse-1')));
    await hasher.close();
    for (const result of await waiting) expect(result.status).toBe('rejected');
    await expect(hasher.verify(null, 'Correct-Horse-1')).rejects.toThrow('The password threads are closed');
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

  it.each(['email', 'email = a@b.c', 'email != "x"', '"email = "x"', 'email = "x" and sub = "y"', 'phone = "1"'])(
    'refuses %j',
    (filter) => {
      expect(() => parseUserFilter(filter)).toThrow(expect.objectContaining({ type: 'InvalidParameterException' }));
    },
  );
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
