import { REFERRAL } from '../constants.ts';

/** What a referral link carried (kept until sign-up attributes it). */
export interface ReferralRecord {
  partnerId?: string;
  campaignId?: string;
  referralKey?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  /** When it was captured, in milliseconds since the epoch. */
  timestamp: number;
}

/** How long a followed link counts: the browser keeps it so long, and the server accepts no older capture. */
export const REFERRAL_WINDOW_MS = REFERRAL.retentionDays * 24 * 60 * 60 * 1000;
const MAX_VALUE_LENGTH = 200;

function first(params: URLSearchParams, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = params.get(name)?.trim();
    // Cut by characters, as the server counts: a cut by UTF-16 units could halve an emoji,
    // and the server refuses the half (with the whole referral).
    if (value) return Array.from(value).slice(0, MAX_VALUE_LENGTH).join('');
  }
  return undefined;
}

/** The referral in a page address's query, or null when it carries none of the referral parameters. */
export function referralFromQuery(search: string, now: number): ReferralRecord | null {
  const params = new URLSearchParams(search);
  const [source, medium, campaign] = REFERRAL.utmParams.map((name) => first(params, [name]));
  const fields = {
    partnerId: first(params, REFERRAL.partnerIdParams),
    campaignId: first(params, REFERRAL.campaignIdParams),
    referralKey: first(params, REFERRAL.referralKeyParams),
    source,
    medium,
    campaign,
  };
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return Object.keys(present).length === 0 ? null : { ...present, timestamp: now };
}

/**
 * Which referral to keep when a page address carries one: the live stored one (already read
 * through readStoredReferral, so expired ones are gone) or the new one. A partner's referral
 * (one naming a partnerId) stands for its whole window: the first partner's link wins, and a
 * later ordinary link (a newsletter's utm_source, a generic ?ref=) never replaces it, nor
 * restarts its window. First touch, because an account keeps its first attribution on the server
 * too, and a later visit must not take a partner's sign-up away from them. No merging: what is
 * kept is exactly what one link carried. Any other stored referral gives way to the newer link.
 */
export function referralToKeep(stored: ReferralRecord | null, arriving: ReferralRecord | null): ReferralRecord | null {
  if (stored?.partnerId !== undefined || arriving === null) return stored;
  return arriving;
}

/** A stored referral, if it parses and is under 30 days old. */
export function readStoredReferral(stored: string | null, now: number): ReferralRecord | null {
  if (!stored) return null;
  try {
    const record = JSON.parse(stored) as ReferralRecord;
    if (typeof record.timestamp !== 'number' || now - record.timestamp > REFERRAL_WINDOW_MS) return null;
    return record;
  } catch {
    return null;
  }
}
