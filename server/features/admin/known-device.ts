import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_API_BASE, ADMIN_DEVICE_COOKIE } from '../../../src-shared/domain/admin.ts';
import type { Schema } from '../../db/schema.ts';
import { cookieValue, httpOnlyCookie } from '../../http/cookies.ts';

/**
 * A device the operator has logged in from is known: it holds a cookie naming a random device
 * id, signed with a key only the servers have (HMAC-SHA256, the key kept in the database so
 * every instance checks the same). The cookie opens nothing by itself; it exempts the device
 * from the lockouts strangers' guesses can cause (see login-limits.ts).
 */
export const DEVICE_COOKIE = ADMIN_DEVICE_COOKIE;

/** How long a device stays known after its last successful login. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Sent to the login route only (and the other admin routes, which ignore it); never readable by scripts. */
const COOKIE_PATH = ADMIN_API_BASE;

const COOKIE_VALUE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface KnownDevices {
  /** The device id of a valid, unexpired device cookie in this Cookie header, if any. */
  recognise(cookieHeader: string | undefined, now?: Date): string | undefined;
  /** A Set-Cookie value that makes (or keeps) `deviceId` known, signed now; a new id when none is given. */
  setCookie(deviceId: string | undefined, now?: Date): string;
}

/** The device key from the database, created by the first server that needs it. */
export async function openKnownDevices(db: Kysely<Schema>, options: { secure: boolean }): Promise<KnownDevices> {
  await db
    .updateTable('admin_credentials')
    .set({ device_key: randomBytes(32).toString('base64url') })
    .where('id', '=', 1)
    .where('device_key', 'is', null)
    .execute();
  const row = await db.selectFrom('admin_credentials').select('device_key').where('id', '=', 1).executeTakeFirstOrThrow();
  if (!row.device_key) throw new Error('the admin device key was not stored');
  return knownDevices(Buffer.from(row.device_key, 'base64url'), options);
}

function knownDevices(key: Buffer, options: { secure: boolean }): KnownDevices {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    recognise(cookieHeader, now = new Date()) {
      const parts = COOKIE_VALUE.exec(cookieValue(cookieHeader, DEVICE_COOKIE) ?? '');
      if (!parts) return undefined;
      const [, deviceId = '', issuedAt = '', signature = ''] = parts;
      if (!timingSafeEqual(mac(`${deviceId}.${issuedAt}`), Buffer.from(signature, 'base64url'))) return undefined;
      const ageSeconds = now.getTime() / 1000 - Number(issuedAt);
      return ageSeconds >= -60 && ageSeconds < DEVICE_COOKIE_MAX_AGE_SECONDS ? deviceId : undefined;
    },
    setCookie(deviceId, now = new Date()) {
      const id = deviceId ?? randomBytes(16).toString('base64url');
      const payload = `${id}.${Math.floor(now.getTime() / 1000)}`;
      const value = `${payload}.${mac(payload).toString('base64url')}`;
      return httpOnlyCookie(DEVICE_COOKIE, value, {
        path: COOKIE_PATH,
        maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS,
        sameSite: 'Strict',
        secure: options.secure,
      });
    },
  };
}
