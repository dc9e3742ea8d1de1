import type { Kysely } from 'kysely';
import type { AffiliateApplication, AffiliateApplicationRequest } from '../../../src-shared/domain/affiliate.ts';
import type { Schema } from '../../db/schema.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';

/** The lead source every affiliate application's lead carries. */
const AFFILIATE_LEAD_SOURCE = 'affiliate';

/**
 * Stores an application, its lead and the mail to the affiliate team in one transaction:
 * all three are kept, or none is.
 */
export async function storeAffiliateApplication(
  db: Kysely<Schema>,
  mailer: Mailer,
  application: Required<AffiliateApplicationRequest>,
  mail: OutgoingMail,
  ip: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .insertInto('leads')
      .values({
        name: `${application.firstName} ${application.lastName}`,
        email: application.email,
        source: AFFILIATE_LEAD_SOURCE,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stored = await trx
      .insertInto('affiliate_applications')
      .values({
        first_name: application.firstName,
        last_name: application.lastName,
        email: application.email,
        company: application.company,
        website: application.website,
        experience: application.experience,
        audience: application.audience,
        motivation: application.motivation,
        lead_id: lead.id,
        ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await mailer.enqueue(mail, trx);
    return stored.id;
  });
}

/** Every application, newest first, for the operator. */
export async function listAffiliateApplications(db: Kysely<Schema>): Promise<AffiliateApplication[]> {
  const rows = await db.selectFrom('affiliate_applications').selectAll().orderBy('id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    company: row.company,
    website: row.website,
    experience: row.experience,
    audience: row.audience,
    motivation: row.motivation,
    createdAt: row.created_at.toISOString(),
  }));
}
