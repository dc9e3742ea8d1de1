import { sql, type Kysely } from 'kysely';
import type { ListPage } from '../../../src-shared/domain/admin-lists.ts';
import type { AffiliateApplication, AffiliateApplicationRequest } from '../../../src-shared/domain/affiliate.ts';
import { totalOf } from '../../db/row-count.ts';
import type { Schema } from '../../db/schema.ts';
import { escapeLike, newestFirstPage, type RecordsPageRequest } from '../../db/list-query.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import { lockEmailAddress } from '../../db/address-lock.ts';

/** The lead source every affiliate application's lead carries. */
const AFFILIATE_LEAD_SOURCE = 'affiliate';

/**
 * How long a second application from one email address counts as a repeat of the first: the
 * team reviews an application within 2-3 business days (AFFILIATE_PROGRAM), and a week covers
 * that across a weekend. Later, an applicant still waiting is worth a new notice.
 */
const AFFILIATE_REPEAT_WINDOW = '7 days';

/** Whether the application is the address's first in the window, or a repeat of it. */
export type StoredApplication = { id: number; repeat: boolean };

/**
 * Stores an application, its lead and the mail to the affiliate team in one transaction: all
 * three are kept, or none is.
 *
 * A repeat from the same address (any case) within AFFILIATE_REPEAT_WINDOW (a second click, a
 * corrected website, a "did it go through?") is stored too, so the operator sees what it said,
 * but under the first one's lead and with no mail: the team is told of an applicant once, and a
 * script cannot fill its inbox by sending one person's application again and again. The
 * applicant's answer is the same either way (AFFILIATE_MESSAGES.success, one message for every
 * application), which also tells no one whether an address has applied. Applications from one
 * address are taken one at a time (a transaction lock on it), so two sent together are still
 * one first and one repeat.
 */
export async function storeAffiliateApplication(
  db: Kysely<Schema>,
  mailer: Mailer,
  application: Required<AffiliateApplicationRequest>,
  mail: OutgoingMail,
): Promise<StoredApplication> {
  return db.transaction().execute(async (trx) => {
    await lockEmailAddress(trx, 'affiliate-application', application.email);
    const earlier = await trx
      .selectFrom('affiliate_applications')
      .select('lead_id')
      .where(sql<string>`lower(email)`, '=', sql<string>`lower(${application.email})`)
      .where('created_at', '>', sql<Date>`now() - ${AFFILIATE_REPEAT_WINDOW}::interval`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const leadId =
      earlier?.lead_id ??
      (
        await trx
          .insertInto('leads')
          .values({
            name: `${application.firstName} ${application.lastName}`,
            email: application.email,
            source: AFFILIATE_LEAD_SOURCE,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
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
        lead_id: leadId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!earlier) await mailer.enqueue(mail, trx);
    return { id: stored.id, repeat: earlier !== undefined };
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
