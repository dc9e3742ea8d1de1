import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals small values with AES-256-GCM under a key of one purpose, and opens only what it sealed. */
export interface Sealer {
  /** base64 of iv | tag | ciphertext; `context` (e.g. the username) must be the same to open it. */
  seal(plain: string, context?: string): string;
  /** The plain text, or undefined when the text was not sealed by this key and purpose for this context. */
  open(sealed: string, context?: string): string | undefined;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealer whose key is derived from the installation key for one purpose, so no two purposes can open each other's. */
export function createSealer(installationKey: Buffer, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', installationKey, Buffer.alloc(0), `hireassist identity ${purpose}`, 32));
  return {
    seal(plain, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed, context = '') {
      const bytes = Buffer.from(sealed, 'base64');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
