import { createHmac, randomBytes } from 'node:crypto';
import { createSealer, type Sealer } from '../sealing.ts';
import { hexHash, padHex, powG, sha256, toBigInt } from './group.ts';

/** What SRP needs besides the group: the pool's name, this installation's sealers, and the decoy for unknown users. */
export interface SrpContext {
  /** The part of the pool id after '_', which the clients put in front of the username. */
  poolName: string;
  /** Verifiers at rest, bound to their username. */
  verifiers: Sealer;
  /** The SECRET_BLOCK handed to the client between InitiateAuth and RespondToAuthChallenge. */
  blocks: Sealer;
  /** Keys the decoy salt of a sign-in name no user has, so asking twice gives the same salt. */
  decoyKey: Buffer;
  /** The verifier a decoy exchange computes with, so it costs what a real one does. */
  decoyVerifier: bigint;
}

export function createSrpContext(installationKey: Buffer, userPoolId: string): SrpContext {
  const decoyKey = Buffer.from(createHmac('sha256', installationKey).update('srp decoy').digest());
  return {
    poolName: userPoolId.slice(userPoolId.indexOf('_') + 1),
    verifiers: createSealer(installationKey, 'srp verifier'),
    blocks: createSealer(installationKey, 'srp secret block'),
    decoyKey,
    decoyVerifier: powG(randomBytes(32)),
  };
}

/** The salt as the clients pad it, for 16 random bytes. */
function newSalt(): string {
  return padHex(toBigInt(randomBytes(16)));
}

/** v = g^x with x = H(salt | H(poolName | username | ':' | password)), as the clients derive x. */
export function computeVerifier(poolName: string, username: string, password: string, salt: string): bigint {
  const inner = sha256(`${poolName}${username}:${password}`).toString('hex');
  return powG(hexHash(salt + inner));
}

export interface VerifierColumns {
  srp_salt: string;
  srp_verifier: string;
}

/**
 * The user's SRP salt and sealed verifier for a new or just-checked password: every place that
 * sets or checks a password stores these beside the argon2id hash.
 */
export function verifierColumns(srp: SrpContext, username: string, password: string): VerifierColumns {
  const salt = newSalt();
  const verifier = computeVerifier(srp.poolName, username, password, salt);
  return { srp_salt: salt, srp_verifier: srp.verifiers.seal(padHex(verifier), username) };
}

/** The stored verifier, or undefined when the user has none (or it was not sealed for this username). */
export function readVerifier(
  srp: SrpContext,
  user: { username: string; srp_salt: string | null; srp_verifier: string | null },
): { salt: string; verifier: bigint } | undefined {
  if (user.srp_salt === null || user.srp_verifier === null) return undefined;
  const hex = srp.verifiers.open(user.srp_verifier, user.username);
  return hex === undefined ? undefined : { salt: user.srp_salt, verifier: BigInt(`0x${hex}`) };
}

/** A salt for a sign-in name no user has: stable per name, so a second look tells nothing. */
export function decoySalt(srp: SrpContext, login: string): string {
  return padHex(toBigInt(createHmac('sha256', srp.decoyKey).update(`salt:${login.toLowerCase()}`).digest().subarray(0, 16)));
}

/** A USER_ID_FOR_SRP for a name no user has, shaped like a real one (a sub) and stable per name. */
export function decoyUserId(srp: SrpContext, login: string): string {
  const hex = createHmac('sha256', srp.decoyKey).update(`user:${login.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
