import { afterEach, describe, expect, it, vi } from 'vitest';
import { userFromIdToken } from '../../../src-shared/domain/accounts/user.ts';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { afterSignUp } from '../../../src-web/features/auth/after-sign-up.ts';
import { attributeSignUp } from '../../../src-web/features/referrals/attribution.ts';
import { loadPartnerStack, type PartnerStackTracker } from '../../../src-web/features/referrals/partnerstack.ts';
import { captureReferral, storedReferral } from '../../../src-web/features/referrals/referral-storage.ts';
import { stubServerApi } from './render-app.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.growsumo;
});

const user = userFromIdToken({ sub: 's-1', email: 'ada@example.com', given_name: 'Ada', family_name: 'Lovelace' });

describe('referral capture and attribution', () => {
  it('keeps the link parameters for 30 days, then forgets them', () => {
    const now = Date.UTC(2026, 10, 1);
    captureReferral('?ps_partner_key=p-1&utm_source=newsletter', now);
    expect(storedReferral(now + 86_400_000)).toEqual({ partnerId: 'p-1', source: 'newsletter', timestamp: now });
    expect(storedReferral(now + 31 * 86_400_000)).toBeNull();
    expect(localStorage.getItem('referral')).toBeNull();
  });

  it('a visit without referral parameters leaves an earlier referral alone', () => {
    captureReferral('?ref=r-1');
    captureReferral('?q=pricing');
    expect(storedReferral()).toMatchObject({ referralKey: 'r-1' });
  });

  it("a later link without a partner leaves a live partner's referral alone (the auditor: a newsletter, then ?ref=)", () => {
    const day = 86_400_000;
    const followed = Date.UTC(2026, 10, 1);
    captureReferral('?ps_partner_key=alice&ps_campaign=spring', followed);
    captureReferral('?utm_source=newsletter&utm_medium=email', followed + day);
    captureReferral('?ref=producthunt', followed + 2 * day);
    expect(storedReferral(followed + 2 * day)).toEqual({ partnerId: 'alice', campaignId: 'spring', timestamp: followed });
    // The partner's window runs from their link, not from the later visits.
    expect(storedReferral(followed + 31 * day)).toBeNull();
  });

  it("the first partner's link wins within its window; once it has expired, any link is kept", () => {
    const day = 86_400_000;
    const followed = Date.UTC(2026, 10, 1);
    captureReferral('?partner=alice', followed);
    captureReferral('?partner=bob&ps_campaign=fall', followed + day);
    expect(storedReferral(followed + day)).toEqual({ partnerId: 'alice', timestamp: followed });
    captureReferral('?utm_source=newsletter', followed + 31 * day);
    expect(storedReferral(followed + 31 * day)).toEqual({ source: 'newsletter', timestamp: followed + 31 * day });
  });

  it("a partner's link replaces an ordinary one, and a later ordinary link replaces an ordinary one", () => {
    const followed = Date.UTC(2026, 10, 1);
    captureReferral('?utm_source=newsletter', followed);
    captureReferral('?ref=producthunt', followed + 1);
    expect(storedReferral(followed + 1)).toEqual({ referralKey: 'producthunt', timestamp: followed + 1 });
    captureReferral('?partner=alice', followed + 2);
    expect(storedReferral(followed + 2)).toEqual({ partnerId: 'alice', timestamp: followed + 2 });
  });

  it('sends the referral with the user to the server, then clears it', async () => {
    const calls = stubServerApi();
    captureReferral('?partner=p-9&ps_campaign=fall');
    await attributeSignUp(user, 'id-token', '5551234567', null);
    expect(calls).toEqual([
      {
        path: '/api/referrals',
        method: 'POST',
        body: { idToken: 'id-token', referral: expect.objectContaining({ partnerId: 'p-9', campaignId: 'fall' }) },
      },
    ]);
    expect(storedReferral()).toBeNull();
  });

  it('tells PartnerStack about the sign-up and the verified email when configured', async () => {
    stubServerApi();
    const tracker: PartnerStackTracker = { data: {}, createSignup: vi.fn(), _trackEvent: vi.fn() };
    window.growsumo = tracker;
    captureReferral('?growsumo_key=k-1&partner=p-1');
    await attributeSignUp(user, 'id-token', '5551234567', 'pk_live');
    expect(tracker.data).toMatchObject({
      email: 'ada@example.com',
      first_name: 'Ada',
      phone: '5551234567',
      referral_key: 'k-1',
      partner_key: 'p-1',
    });
    expect(tracker.createSignup).toHaveBeenCalledOnce();
    expect(tracker._trackEvent).toHaveBeenCalledWith('email_verified');
  });

  it('a failing server never blocks the sign-up', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    captureReferral('?ref=r-2');
    const attributed = attributeSignUp(user, 'id-token', '', null);
    await vi.runAllTimersAsync();
    await expect(attributed).resolves.toBeUndefined();
    expect(storedReferral()).toBeNull();
  });

  it('waits up to 5 s for the PartnerStack script, polling every 100 ms', async () => {
    const waits: number[] = [];
    const missing = await loadPartnerStack('pk_live', async (ms) => {
      waits.push(ms);
    });
    expect(missing).toBeNull();
    expect(waits.every((ms) => ms === 100)).toBe(true);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBe(5000);
    expect(document.head.querySelector('script[src*="growsumo"]')).not.toBeNull();

    let polls = 0;
    const found = await loadPartnerStack('pk_live', async () => {
      if (++polls === 3) window.growsumo = { data: {}, createSignup: () => {} };
    });
    expect(found).toBe(window.growsumo);
    expect(polls).toBe(3);
  });
});

describe('after a sign-up or a social sign-in', () => {
  const withPartnerStack = async () => ({ accounts: { partnerStackPublicKey: 'pk_live' } }) as PublicConfig;
  const tracker = (): PartnerStackTracker => ({ data: {}, createSignup: vi.fn(), _trackEvent: vi.fn() });

  it('a new sign-up (its lead newly recorded) sends the referral to the server and to PartnerStack', async () => {
    const calls = stubServerApi();
    window.growsumo = tracker();
    captureReferral('?ps_partner_key=p-1');
    await afterSignUp(user, 'id-token', 'hero_cta', '', withPartnerStack);
    expect(calls.map((call) => call.path)).toEqual(['/api/signup-leads', '/api/referrals']);
    expect(window.growsumo.createSignup).toHaveBeenCalledOnce();
    expect(storedReferral()).toBeNull();
  });

  it('a lead and a referral that meet a dropped connection, a 503 and a 429 are sent again until recorded', async () => {
    vi.useFakeTimers();
    const answers: Array<number | 'offline'> = ['offline', 201, 503, 429, 200];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        calls.push(path);
        const answer = answers.shift();
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(answer === 201 || answer === 200 ? { ok: true } : { error: 'Try again' }), {
          status: answer,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    captureReferral('?ps_partner_key=p-1');
    const done = afterSignUp(user, 'id-token', 'hero_cta', '', async () => ({}) as PublicConfig);
    await vi.runAllTimersAsync();
    await done;
    expect(calls).toEqual(['/api/signup-leads', '/api/signup-leads', '/api/referrals', '/api/referrals', '/api/referrals']);
    expect(storedReferral()).toBeNull();
  });

  it('a referral the server refuses (4xx) is not sent again, and one that keeps failing is given up after a few tries', async () => {
    vi.useFakeTimers();
    const refused = stubFailingApi(400);
    captureReferral('?ps_partner_key=p-1');
    const once = attributeSignUp(user, 'id-token', '', null);
    await vi.runAllTimersAsync();
    await once;
    expect(refused).toEqual(['/api/referrals']);

    const failing = stubFailingApi(502);
    captureReferral('?ps_partner_key=p-1');
    const given = attributeSignUp(user, 'id-token', '', null);
    await vi.runAllTimersAsync();
    await given;
    expect(failing.length).toBeGreaterThan(1);
    expect(failing.length).toBeLessThanOrEqual(5);
  });

  it('a returning customer (the server already had the lead) sends no referral, to the server or PartnerStack', async () => {
    const calls = stubServerApi({}, { returning: true });
    window.growsumo = tracker();
    captureReferral('?ps_partner_key=p-1');
    await afterSignUp(user, 'id-token', 'auth_dialog', '', withPartnerStack);
    expect(calls.map((call) => call.path)).toEqual(['/api/signup-leads']);
    expect(window.growsumo.createSignup).not.toHaveBeenCalled();
    expect(window.growsumo._trackEvent).not.toHaveBeenCalled();
  });
});

/** A server whose every answer is `status`; returns the paths asked. */
function stubFailingApi(status: number): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      calls.push(path);
      return new Response(JSON.stringify({ error: 'No' }), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
