import { createHmac, hkdfSync, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { hexHash, K, N, padHex, powG, powMod, toBigInt, toBytes } from './group.ts';
import type { SrpContext } from './verifier.ts';

/** How long a PASSWORD_VERIFIER challenge may be answered (clients answer at once). */
export const SECRET_BLOCK_MS = 60_000;

/** What a secret block carries from InitiateAuth to RespondToAuthChallenge, sealed. */
export interface SecretBlock {
  /** The key both sides derive from the exchange (base64). */
  key: string;
  /** USER_ID_FOR_SRP: the username the client signs with. */
  username: string;
  /** The sign-in name InitiateAuth was given, for the lockout of names no user has. */
  login: string;
  clientId: string;
  /** The salt of the verifier used, so a password changed in between fails; '' for a decoy. */
  salt: string;
  expiresAt: number;
  /** The id of the session a right answer starts (a uuid): a replayed answer hits its primary key. */
  sessionId: string;
}

const HEX = /^[0-9a-fA-F]{1,2048}$/;

/** SRP_A as the client sends it, or undefined when it is not a number the exchange can use (A mod N = 0). */
export function readClientPublic(srpA: string): bigint | undefined {
  if (!HEX.test(srpA)) return undefined;
  const a = BigInt(`0x${srpA}`);
  return a % N === 0n ? undefined : a;
}

/**
 * The server's side of the exchange: B = k·v + g^b, u = H(A | B), S = (A · v^u)^b, and the
 * key HKDF(S, u, 'Caldera Derived Key'). It is all done here, so RespondToAuthChallenge has
 * only an HMAC to check and the block carries the derived key, not b.
 * BigInt does only the products and sums mod N (node:crypto has no such call); the three
 * exponentiations run in OpenSSL.
 */
export function startExchange(
  srp: SrpContext,
  verifier: bigint,
  clientPublic: bigint,
  block: Omit<SecretBlock, 'key' | 'sessionId'>,
): { srpB: string; secretBlock: string } {
  const b = randomBytes(32);
  const serverPublic = (K * verifier + powG(b)) % N;
  const u = toBigInt(hexHash(padHex(clientPublic) + padHex(serverPublic)));
  const vu = powMod(verifier, toBytes(u));
  const base = vu === undefined ? undefined : (clientPublic * vu) % N;
  const secret = base === undefined ? undefined : powMod(base, b);
  // A client public value that leaves nothing to compute gets a key no one knows: its answer fails.
  const key =
    secret === undefined || u === 0n
      ? randomBytes(16)
      : Buffer.from(
          hkdfSync('sha256', Buffer.from(padHex(secret), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16),
        );
  const sealed: SecretBlock = { ...block, key: key.toString('base64'), sessionId: randomUUID() };
  return { srpB: serverPublic.toString(16), secretBlock: srp.blocks.seal(JSON.stringify(sealed)) };
}

/** The clients' TIMESTAMP: 'ddd MMM D HH:mm:ss UTC YYYY', the day not zero-padded. */
const TIMESTAMP =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9] UTC [0-9]{4}$/;

export function isClientTimestamp(timestamp: string): boolean {
  return TIMESTAMP.test(timestamp);
}

/** The block this server sealed, or undefined (forged, altered, or another installation's). */
export function openSecretBlock(srp: SrpContext, secretBlock: string): SecretBlock | undefined {
  const plain = srp.blocks.open(secretBlock);
  return plain === undefined ? undefined : (JSON.parse(plain) as SecretBlock);
}

/**
 * Whether PASSWORD_CLAIM_SIGNATURE is HMAC-SHA256(key, poolName | username | secret block | timestamp)
 * in base64, compared in constant time.
 */
export function signatureMatches(
  srp: SrpContext,
  block: SecretBlock,
  claim: { secretBlock: string; timestamp: string; signature: string },
): boolean {
  const expected = createHmac('sha256', Buffer.from(block.key, 'base64'))
    .update(
      Buffer.concat([
        Buffer.from(srp.poolName, 'utf8'),
        Buffer.from(block.username, 'utf8'),
        Buffer.from(claim.secretBlock, 'base64'),
        Buffer.from(claim.timestamp, 'utf8'),
      ]),
    )
    .digest();
  const given = Buffer.from(claim.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
