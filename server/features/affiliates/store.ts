import { sql, type Kysely } from 'kysely';
import type { ListPage } from '../../../src-shared/domain/admin-lists.ts';
import type { AffiliateApplication, AffiliateApplicationRequest } from '../../../src-shared/domain/affiliate.ts';
import { totalOf } from '../../db/row-count.ts';
import type { Schema } from '../../db/schema.ts';
import { escapeLike, newestFirstPage, type RecordsPageRequest } from '../../db/list-query.ts';
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

/** The applicant's name as the operator reads and searches it. */
const FULL_NAME = sql<string>`first_name || ' ' || last_name`;

/**
 * Applications newest first, a keyset page at a time (by id), searched in the database by
 * name ("first last"), email or company: a public form fills this table, so it is never read
 * whole. The search's lower(...) like '%q%' is what migration 22's trigram indexes answer.
 */
export function pageAffiliateApplications(
  db: Kysely<Schema>,
  request: RecordsPageRequest,
): Promise<ListPage<AffiliateApplication>> {
  const q = request.q?.trim().toLowerCase();
  const found = () => {
    if (!q) return db.selectFrom('affiliate_applications');
    const pattern = `%${escapeLike(q)}%`;
    return db
      .selectFrom('affiliate_applications')
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(${FULL_NAME})`, 'like', pattern),
          eb(eb.fn('lower', ['email']), 'like', pattern),
          eb(eb.fn('lower', ['company']), 'like', pattern),
        ]),
      );
  };
  return newestFirstPage(
    request,
    {
      rows: found().selectAll(),
      total: () => totalOf(db, found()),
    },
    (row) => ({
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
    }),
  );
}
