import { createDiffieHellman, createHash } from 'node:crypto';

/**
 * The SRP-6a group and arithmetic exactly as Cognito's clients compute them
 * (amazon-cognito-identity-js `AuthenticationHelper`, Amplify's `srp/` helpers): RFC 3526's
 * 3072-bit prime N, g = 2, SHA-256, numbers hashed as the clients' padded hex.
 */
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';
const N_BYTES = Buffer.from(N_HEX, 'hex');
const GENERATOR = Buffer.from([2]);
export const N = BigInt(`0x${N_HEX}`);

/** A number as the clients hash it: even-length hex, with `00` in front when the top bit is set. */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

export function sha256(data: string | Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

/** SHA-256 of the bytes a hex text stands for (the clients' `hexHash`). */
export function hexHash(hex: string): Buffer {
  return sha256(Buffer.from(hex, 'hex'));
}

export function toBigInt(bytes: Buffer): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);
}

export function toBytes(value: bigint): Buffer {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 === 1 ? `0${hex}` : hex, 'hex');
}

/** k = H(N | g), the multiplier of SRP-6a. */
export const K = toBigInt(hexHash(padHex(N) + padHex(2n)));

/**
 * Modular exponentiation in OpenSSL rather than BigInt (about 7 times faster here): a
 * Diffie-Hellman object over N whose private key is the exponent raises g to it
 * (`generateKeys`) or any other base (`computeSecret`, which takes the base as the peer's
 * public key and so refuses 0, 1 and N - 1: never a valid SRP value).
 */
export function powG(exponent: Buffer): bigint {
  const dh = createDiffieHellman(N_BYTES, GENERATOR);
  dh.setPrivateKey(exponent);
  return toBigInt(dh.generateKeys());
}

/** base^exponent mod N (OpenSSL); undefined for a base OpenSSL refuses (≤ 1 or ≥ N - 1). */
export function powMod(base: bigint, exponent: Buffer): bigint | undefined {
  if (base <= 1n || base >= N - 1n) return undefined;
  const dh = createDiffieHellman(N_BYTES, GENERATOR);
  dh.setPrivateKey(exponent);
  return toBigInt(dh.computeSecret(toBytes(base)));
}
