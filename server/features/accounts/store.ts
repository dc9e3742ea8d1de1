import { sql, type Kysely } from 'kysely';
import type { RecentSignIn, ReferralRequest, SignUpSource } from '../../../src-shared/domain/accounts/api.ts';
import type { Schema } from '../../db/schema.ts';
import { summarizeClient } from './client-summary.ts';

/** Who a verified id token is about. */
export interface Customer {
  sub: string;
  email: string;
  name: string;
}

/**
 * Records the account's referral unless it has one: the first attribution stays (one
 * attributing row per account, migration 21). Returns whether this call recorded it.
 */
export async function storeReferral(
  db: Kysely<Schema>,
  customer: Customer,
  referral: ReferralRequest['referral'],
): Promise<boolean> {
  const inserted = await db
    .insertInto('account_referrals')
    .values({
      user_sub: customer.sub,
      email: customer.email,
      partner_id: referral.partnerId ?? null,
      campaign_id: referral.campaignId ?? null,
      referral_key: referral.referralKey ?? null,
      utm_source: referral.source ?? null,
      utm_medium: referral.medium ?? null,
      utm_campaign: referral.campaign ?? null,
      captured_at: new Date(referral.timestamp),
    })
    .onConflict((conflict) =>
      conflict
        .column('user_sub')
        .where(sql<boolean>`attributed`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether the account's referral is recorded (the attribution it keeps). */
export async function hasReferral(db: Kysely<Schema>, sub: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_referrals')
    .select('id')
    .where('user_sub', '=', sub)
    .where('attributed', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the account's sign-up lead was recorded, if it was. */
export async function signUpLeadRecordedAt(db: Kysely<Schema>, sub: string): Promise<Date | undefined> {
  const row = await db.selectFrom('account_signups').select('created_at').where('user_sub', '=', sub).executeTakeFirst();
  return row?.created_at;
}

/**
 * Records the sign-up's lead once per account; later reports of the same sign-up change nothing.
 * Dated `now` by the server's clock, the one the referral window is measured with.
 */
export async function storeSignUpLead(db: Kysely<Schema>, customer: Customer, source: SignUpSource, now: Date): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      const existing = await trx
        .selectFrom('account_signups')
        .select('lead_id')
        .where('user_sub', '=', customer.sub)
        .forUpdate()
        .executeTakeFirst();
      if (existing) return false;
      const lead = await trx
        .insertInto('leads')
        .values({ name: customer.name, email: customer.email, source })
        .returning('id')
        .executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('account_signups')
        .values({ user_sub: customer.sub, lead_id: lead.id, created_at: now })
        .onConflict((conflict) => conflict.column('user_sub').doNothing())
        .returning('user_sub')
        .executeTakeFirst();
      // A concurrent report won the race: undo this lead with the transaction.
      if (!inserted) throw new DuplicateSignUp();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof DuplicateSignUp) return false;
      throw error;
    });
}

class DuplicateSignUp extends Error {}

export async function readPreferences(db: Kysely<Schema>, sub: string): Promise<{ marketingEmails: boolean }> {
  const row = await db
    .selectFrom('account_preferences')
    .select('marketing_emails')
    .where('user_sub', '=', sub)
    .executeTakeFirst();
  return { marketingEmails: row?.marketing_emails ?? false };
}

export async function writePreferences(db: Kysely<Schema>, customer: Customer, marketingEmails: boolean): Promise<void> {
  await db
    .insertInto('account_preferences')
    .values({ user_sub: customer.sub, email: customer.email, marketing_emails: marketingEmails })
    .onConflict((conflict) =>
      conflict
        .column('user_sub')
        .doUpdateSet({ email: customer.email, marketing_emails: marketingEmails, updated_at: sql`now()` }),
    )
    .execute();
}

export async function recentSignIns(db: Kysely<Schema>, sub: string, limit = 10): Promise<RecentSignIn[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(['id', 'details', 'user_agent', 'annotation', 'created_at'])
    .where('actor', '=', sub)
    .where('event_type', '=', 'customer.login')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    at: row.created_at.toISOString(),
    method: (['google', 'microsoft', 'password'] as const).find((name) => name === row.details.provider) ?? 'password',
    // The browser the web app reported for this sign-in, else the caller of the identity API.
    client: summarizeClient(typeof row.annotation?.userAgent === 'string' ? row.annotation.userAgent : row.user_agent),
  }));
}

const REDACTED = '[deleted account]';

/**
 * Before the account leaves the pool: its preferences and referral contacts go; its audit
 * rows and its sign-up lead stay (the operator's record and counts) with every name and
 * email address replaced.
 */
export async function forgetCustomer(db: Kysely<Schema>, sub: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('account_preferences').where('user_sub', '=', sub).execute();
    await trx.updateTable('account_referrals').set({ email: REDACTED }).where('user_sub', '=', sub).execute();
    await trx
      .updateTable('leads')
      .set({ name: REDACTED, email: REDACTED })
      .where('id', 'in', trx.selectFrom('account_signups').select('lead_id').where('user_sub', '=', sub))
      .execute();
    await trx.updateTable('audit_events').set({ subject: REDACTED, actor_email: REDACTED }).where('actor', '=', sub).execute();
    const redactedChange = JSON.stringify({ old: REDACTED, new: REDACTED });
    await sql`update audit_events
      set details = jsonb_set(details, '{changes,email}', ${redactedChange}::jsonb)
      where actor = ${sub} and details->'changes' ? 'email'`.execute(trx);
  });
}
