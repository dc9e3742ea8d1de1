import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsRenewal, renewalDelay } from '../../../src-web/features/auth/session.ts';
import { clearTokens, writeTokens } from '../../../src-web/features/auth/token-storage.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** A token as the pool issues it: `iat` and `exp` by the server's clock. */
function token(claims: { iat: number; exp: number }): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'none' })}.${part({ sub: 'sub-1', token_use: 'access', ...claims })}.sig`;
}

function issuedAt(serverNow: number) {
  const claims = { iat: Math.floor(serverNow / 1000), exp: Math.floor(serverNow / 1000) + 3600 };
  return { accessToken: token(claims), idToken: token(claims), refreshToken: 'refresh-1' };
}

afterEach(() => {
  vi.useRealTimers();
  clearTokens();
});

describe("renewal on a device whose clock is wrong (the pool's clock dates the tokens)", () => {
  it.each([
    ['2 hours fast', 2 * HOUR],
    ['3 hours slow', -3 * HOUR],
  ])('on a clock %s, fresh tokens are renewed 5 minutes before they expire, not at once nor too late', (_label, drift) => {
    const serverNow = Date.UTC(2026, 10, 29, 12, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(serverNow + drift);
    const tokens = issuedAt(serverNow);
    writeTokens(tokens);
    // A clock an hour or more fast saw every new token as expired: it renewed again and again
    // until the identity service refused, then signed the customer out.
    expect(needsRenewal(tokens)).toBe(false);
    expect(renewalDelay(tokens)).toBe(55 * MINUTE);
    vi.setSystemTime(serverNow + drift + 55 * MINUTE);
    expect(needsRenewal(tokens)).toBe(true);
  });
});
