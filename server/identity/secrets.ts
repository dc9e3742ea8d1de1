import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { AccessKeyPair } from './config.ts';

/**
 * A per-installation secret: created by whichever server starts first and read by every
 * other one sharing the database (insert-if-absent, then read what won). It is read first, so
 * a restart does not make (and throw away) a new one: an RSA key costs a few hundred
 * milliseconds of blocked start-up.
 */
async function loadOrCreate(
  db: Kysely<Schema>,
  name: string,
  create: () => Record<string, string>,
): Promise<Record<string, string>> {
  const read = () => db.selectFrom('identity_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const stored = await read();
  if (stored) return stored.value;
  await db
    .insertInto('identity_secrets')
    .values({ name, value: JSON.stringify(create()) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await read();
  if (!row) throw new Error(`identity secret ${name} was not stored`);
  return row.value;
}

export interface StoredSigningKey {
  kid: string;
  privateKeyPem: string;
}

/** The RSA key pair that signs this installation's tokens. */
export async function loadSigningKeyPem(db: Kysely<Schema>): Promise<StoredSigningKey> {
  const value = await loadOrCreate(db, 'signing-key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      kid: randomBytes(16).toString('base64url'),
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
  });
  return { kid: String(value.kid), privateKeyPem: String(value.privateKeyPem) };
}

/**
 * The key pair admin calls must be signed with: the configured one, else one generated at
 * first start and stored (AWS-style: a 20-character id and a 40-character secret).
 */
export async function loadAdminKeyPair(db: Kysely<Schema>, configured: AccessKeyPair | undefined): Promise<AccessKeyPair> {
  if (configured) return configured;
  const value = await loadOrCreate(db, 'admin-access-key', () => ({
    accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64'),
  }));
  return { accessKeyId: String(value.accessKeyId), secretAccessKey: String(value.secretAccessKey) };
}

/**
 * The installation's symmetric key: seals what the service hands out or stores and must read
 * back unchanged (SRP secret blocks and verifiers, challenge sessions), on every instance.
 */
export async function loadSealingKey(db: Kysely<Schema>): Promise<Buffer> {
  const value = await loadOrCreate(db, 'sealing-key', () => ({ key: randomBytes(32).toString('base64') }));
  return Buffer.from(String(value.key), 'base64');
}
