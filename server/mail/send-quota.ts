import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../http/rate-limit/address-key.ts';
import type { RateLimitStore } from '../http/rate-limit/store.ts';

/**
 * Mails an hour to addresses a visitor typed (sign-up, reset and verification codes). The
 * domain and site quotas hold only mail to an address nobody has proved yet (`MailRequest`).
 */
export interface MailQuotaConfig {
  /** Per client address, an IPv6 client's whole /64 (MAIL_QUOTA_PER_CLIENT_PER_HOUR). */
  perClientPerHour: number;
  /** Per recipient address, then paced (`MailAdmission`) (MAIL_QUOTA_PER_RECIPIENT_PER_HOUR). */
  perRecipientPerHour: number;
  /** Per recipient domain, unproven addresses only (MAIL_QUOTA_PER_DOMAIN_PER_HOUR). */
  perDomainPerHour: number;
  /** All mail to unproven addresses from the whole site, every instance together (MAIL_QUOTA_GLOBAL_PER_HOUR). */
  globalPerHour: number;
}

export const DEFAULT_MAIL_QUOTA: MailQuotaConfig = {
  perClientPerHour: 10,
  perRecipientPerHour: 10,
  perDomainPerHour: 50,
  globalPerHour: 1000,
};

/**
 * Keeps the site from being a bulk mailer: every operation that mails an address it was
 * given asks here first. Counted in the server's rate-limit store (Redis, or else PostgreSQL),
 * so the quotas hold across instances.
 */
export interface SendQuota {
  /** Counts one mail to `to` asked for from `clientAddress`: what may be sent (below). */
  admit(request: MailRequest, nowMs: number): Promise<MailAdmission>;
}

export interface MailRequest {
  to: string;
  clientAddress: string;
  /**
   * The operation mails only an address its owner proved (a confirmed account's verified
   * email: a password reset code). Such mail is neither counted nor refused by the domain and
   * site quotas: a stranger can fill those by signing up throwaway addresses at one domain, and
   * would then keep every customer there from their reset code. The client's quota and the
   * recipient's (then paced) still hold it, so no address gets more than the pace allows. Set by
   * what the operation is, never by whether an account was found: the answer is the same either way.
   */
  toProvenAddress: boolean;
}

/**
 * 'mail': within every quota. 'refused': the asking client's quota, the recipient domain's or
 * the site's is spent: send nothing. 'paced': only the recipient's quota is spent, and anyone
 * who knows the address can spend it, so refusing would let a stranger keep its owner from
 * their own codes; the code operations then mail at most one new code per account and purpose
 * per pace (server/identity/verification.ts). A paced mail to an unproven address still counts
 * in its domain's and the site's quotas: each spelling of one inbox (victim+1@, victim+2@...)
 * signs up a new account with a pace of its own, so the pace alone would let strangers mail
 * that inbox without end. A paced reset code (a proven address: one account's) counts in neither.
 */
export type MailAdmission = 'mail' | 'paced' | 'refused';

const HOUR_MS = 60 * 60 * 1000;

/** Gmail's domains: one inbox under either, whatever dots its name is written with. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address reaches and its domain, as the quotas count them, so other spellings of
 * one inbox share its quota: case aside, a domain's trailing dot names the same host, a +tag
 * is delivered to the address without it by most providers (subaddressing), and Gmail ignores
 * the dots in a name (v.ictim@ is victim@, 2^n spellings of one inbox).
 */
function mailboxOf(to: string): { recipient: string; domain: string } {
  const address = to.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const written = address.slice(at + 1).replace(/\.+$/, '');
  const gmail = GMAIL_DOMAINS.has(written);
  const domain = gmail ? 'gmail.com' : written;
  const name = address.slice(0, at).replace(/\+.*$/, '');
  const local = gmail ? name.replaceAll('.', '') : name;
  return { recipient: `${local}@${domain}`, domain };
}

export function createSendQuota(store: RateLimitStore, quota: MailQuotaConfig, log: FastifyBaseLogger): SendQuota {
  const within = async (key: string, limit: number, nowMs: number) =>
    (await store.hit(`mail:${key}`, HOUR_MS, nowMs)).count <= limit;
  return {
    async admit({ to, clientAddress, toProvenAddress }, nowMs) {
      const { recipient, domain } = mailboxOf(to);
      // Narrowest first, stopping at the first refusal: a refused mail uses up nobody else's quota.
      if (!(await within(`client:${addressKey(clientAddress)}`, quota.perClientPerHour, nowMs))) return 'refused';
      const withinRecipient = await within(`to:${recipient}`, quota.perRecipientPerHour, nowMs);
      const admitted = withinRecipient ? 'mail' : 'paced';
      if (toProvenAddress) return admitted;
      if (!(await within(`domain:${domain}`, quota.perDomainPerHour, nowMs))) return 'refused';
      const { count } = await store.hit('mail:global', HOUR_MS, nowMs);
      if (count <= quota.globalPerHour) return admitted;
      // Once per window (the first refused mail), also across instances sharing the store.
      if (count === quota.globalPerHour + 1) {
        log.warn(
          { budgetPerHour: quota.globalPerHour },
          'outbound mail budget for this hour reached: sign-up and email-change codes are refused (LimitExceededException) until the hour ends; raise MAIL_QUOTA_GLOBAL_PER_HOUR if this is real traffic',
        );
      }
      return 'refused';
    },
  };
}
