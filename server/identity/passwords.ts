import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Options } from '@node-rs/argon2';
import { badMember, invalidPassword } from './errors.ts';
import { startPasswordThreads } from './password-threads.ts';

/** OWASP's argon2id floor: 19 MiB, two passes, one lane. */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which this build cannot import).
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The symbols Cognito counts as special characters (space counts too, inside the password). */
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ');

const POLICY = 'Password did not conform with policy: ';

/**
 * Cognito's default password policy, with its messages. Returns the first rule broken, in
 * the order Cognito checks them.
 */
export function passwordPolicyViolation(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `${POLICY}Password not long enough`;
  if (!/[A-Z]/.test(password)) return `${POLICY}Password must have uppercase characters`;
  if (!/[a-z]/.test(password)) return `${POLICY}Password must have lowercase characters`;
  if (!/[0-9]/.test(password)) return `${POLICY}Password must have numeric characters`;
  if (![...password].some((char) => SYMBOLS.has(char))) return `${POLICY}Password must have symbol characters`;
  if (/^\s|\s$/.test(password)) return `${POLICY}Password must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`;
  return undefined;
}

/** Throws what Cognito throws for a password that breaks the policy or the length limit. */
export function checkPassword(password: string, member: string): void {
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw badMember(member, `Member must have length less than or equal to ${PASSWORD_MAX_LENGTH}`);
  }
  const violation = passwordPolicyViolation(password);
  if (violation) throw invalidPassword(violation);
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time check; with no stored hash it still spends the time of one (no user enumeration). */
  verify(storedHash: string | null, password: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Hashes on one thread per core this process may use, one at a time each, in batches under
 * load (password-threads.ts says why).
 */
export async function createPasswordHasher(threads = availableParallelism()): Promise<PasswordHasher> {
  const pool = startPasswordThreads(threads);
  const hashPassword = async (password: string) => {
    const stored = await pool.run({ kind: 'hash', password, options: ARGON2_OPTIONS });
    if (typeof stored !== 'string') throw new Error('The password thread answered a hash with no text');
    return stored;
  };
  const verify = async (hash: string, password: string) => (await pool.run({ kind: 'verify', hash, password })) === true;
  // Also proves at start that the threads run.
  const dummyHash = await hashPassword(randomBytes(16).toString('hex')).catch(async (error: unknown) => {
    await pool.close();
    throw error;
  });
  return {
    hash: hashPassword,
    async verify(storedHash, password) {
      if (storedHash === null) {
        await verify(dummyHash, password);
        return false;
      }
      return verify(storedHash, password);
    },
    close: () => pool.close(),
  };
}
