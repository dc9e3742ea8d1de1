import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { badMember, invalidPassword } from './errors.ts';

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
}

/**
 * Hashes run at most one per core (the cores this process may use). argon2id is memory-hard:
 * libuv's four pool threads hashing at once on one core each evict the others' 19 MiB from
 * the caches. On an Intel Xeon VM one core then verified about 79 passwords a second instead
 * of about 119 one at a time; on an AMD EPYC VM (32 MiB L3) the two rates were within noise
 * of each other (bench/identity prints both). Queued hashes also hold no memory until their turn.
 */
export async function createPasswordHasher(concurrency = availableParallelism()): Promise<PasswordHasher> {
  const oneAtATimePerCore = concurrencyLimit(concurrency);
  const dummyHash = await hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);
  return {
    hash: (password) => oneAtATimePerCore(() => hash(password, ARGON2_OPTIONS)),
    async verify(storedHash, password) {
      if (storedHash === null) {
        await oneAtATimePerCore(() => verify(dummyHash, password));
        return false;
      }
      return oneAtATimePerCore(() => verify(storedHash, password));
    },
  };
}

/** Runs the tasks given to it at most `limit` at once, the rest in arrival order. */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so no newcomer can overtake the queue.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
