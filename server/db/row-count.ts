import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';

/** Up to this many rows a total is counted; above it, the planner's estimate is given (and labelled). */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * How many rows a filtered query finds: counted exactly up to EXACT_TOTAL_LIMIT (a bounded
 * count stops there, so it costs the same at a million rows), the planner's estimate above.
 */
export async function totalOf<DB, QueryDB, TB extends keyof QueryDB>(
  db: Kysely<DB>,
  // Its own tables' type: a query over an aliased table (`audit_events as e`) adds the alias to it.
  query: SelectQueryBuilder<QueryDB, TB, object>,
): Promise<{ total: number; isEstimate: boolean }> {
  const rows = query.select(sql<number>`1`.as('one'));
  const counted = await sql<{
    n: string;
  }>`select count(*)::text as n from (${rows.limit(EXACT_TOTAL_LIMIT + 1)}) as found`.execute(db);
  const exact = Number(counted.rows[0]?.n ?? 0);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, isEstimate: false };
  const { rows: plan } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${rows}`.execute(db);
  const estimate = planRows(plan[0]?.['QUERY PLAN']);
  return { total: Math.max(exact, estimate), isEstimate: true };
}

function planRows(plan: unknown): number {
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
