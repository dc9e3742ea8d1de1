import type { Kysely } from 'kysely';
import type { LeadDetail } from '../../../src-shared/domain/admin-lists.ts';
import type { Schema } from '../../db/schema.ts';

/** How many contact messages of one lead the detail view shows (newest first). */
const MESSAGES_SHOWN = 20;

/**
 * Everything our database holds about one lead: the lead, the contact messages sent with it,
 * the affiliate application and the account sign-up (with its referral) that made it.
 */
export async function readLeadDetail(db: Kysely<Schema>, id: number): Promise<LeadDetail | undefined> {
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!lead) return undefined;
  const [messages, application, signup] = await Promise.all([
    db
      .selectFrom('contact_messages')
      .select(['subject', 'message', 'created_at'])
      .where('lead_id', '=', id)
      .orderBy('id', 'desc')
      .limit(MESSAGES_SHOWN)
      .execute(),
    db.selectFrom('affiliate_applications').selectAll().where('lead_id', '=', id).orderBy('id', 'desc').executeTakeFirst(),
    db.selectFrom('account_signups').selectAll().where('lead_id', '=', id).executeTakeFirst(),
  ]);
  const referral = signup
    ? await db
        .selectFrom('account_referrals')
        .select(['partner_id', 'campaign_id', 'referral_key', 'utm_source', 'utm_medium', 'utm_campaign'])
        .where('user_sub', '=', signup.user_sub)
        .where('attributed', '=', true)
        .executeTakeFirst()
    : undefined;
  return {
    lead: { id: lead.id, name: lead.name, email: lead.email, source: lead.source, created_at: lead.created_at.toISOString() },
    messages: messages.map((row) => ({ subject: row.subject, message: row.message, createdAt: row.created_at.toISOString() })),
    affiliateApplication: application
      ? {
          firstName: application.first_name,
          lastName: application.last_name,
          email: application.email,
          company: application.company,
          website: application.website,
          experience: application.experience,
          audience: application.audience,
          motivation: application.motivation,
          createdAt: application.created_at.toISOString(),
        }
      : null,
    signup: signup
      ? {
          userSub: signup.user_sub,
          createdAt: signup.created_at.toISOString(),
          referral: referral
            ? {
                partnerId: referral.partner_id,
                campaignId: referral.campaign_id,
                referralKey: referral.referral_key,
                utmSource: referral.utm_source,
                utmMedium: referral.utm_medium,
                utmCampaign: referral.utm_campaign,
              }
            : null,
        }
      : null,
  };
}
