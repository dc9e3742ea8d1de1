import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * New leads per UTC day and source, kept by triggers on `leads`, for the operator's leads chart
 * (GET /api/admin/leads/chart): a span of whole days is read from here, a few rows a day,
 * where counting the leads themselves reads every row (over 400 ms for a million on our
 * two cores). Statement triggers with transition tables count a bulk insert or delete in one
 * grouped statement, not once per row; rows are locked in (day, source) order, so two writers
 * cannot deadlock on them.
 */
export const leadDailyCounts: Migration = {
  id: 15,
  name: 'lead daily counts',
  async up(db) {
    await sql`create table lead_daily_counts (
      day date not null,
      source text not null,
      count integer not null,
      primary key (day, source)
    )`.execute(db);

    await sql`create function lead_daily_counts_add() returns trigger language plpgsql as $$
      begin
        insert into lead_daily_counts (day, source, count)
          select (created_at at time zone 'UTC')::date, source, count(*) from added group by 1, 2 order by 1, 2
        on conflict (day, source) do update set count = lead_daily_counts.count + excluded.count;
        return null;
      end $$`.execute(db);
    await sql`create function lead_daily_counts_remove() returns trigger language plpgsql as $$
      begin
        update lead_daily_counts c set count = c.count - r.n
          from (select (created_at at time zone 'UTC')::date as day, source, count(*) as n from removed group by 1, 2) r
          where c.day = r.day and c.source = r.source;
        return null;
      end $$`.execute(db);
    await sql`create function lead_daily_counts_move() returns trigger language plpgsql as $$
      begin
        update lead_daily_counts c set count = c.count - r.n
          from (select (created_at at time zone 'UTC')::date as day, source, count(*) as n from removed group by 1, 2) r
          where c.day = r.day and c.source = r.source;
        insert into lead_daily_counts (day, source, count)
          select (created_at at time zone 'UTC')::date, source, count(*) from added group by 1, 2 order by 1, 2
        on conflict (day, source) do update set count = lead_daily_counts.count + excluded.count;
        return null;
      end $$`.execute(db);
    await sql`create function lead_daily_counts_clear() returns trigger language plpgsql as $$
      begin
        delete from lead_daily_counts;
        return null;
      end $$`.execute(db);

    await sql`create trigger leads_count_insert after insert on leads
      referencing new table as added for each statement execute function lead_daily_counts_add()`.execute(db);
    await sql`create trigger leads_count_delete after delete on leads
      referencing old table as removed for each statement execute function lead_daily_counts_remove()`.execute(db);
    await sql`create trigger leads_count_update after update on leads
      referencing old table as removed new table as added for each statement execute function lead_daily_counts_move()`.execute(
      db,
    );
    await sql`create trigger leads_count_truncate after truncate on leads
      for each statement execute function lead_daily_counts_clear()`.execute(db);

    await sql`insert into lead_daily_counts (day, source, count)
      select (created_at at time zone 'UTC')::date, source, count(*) from leads group by 1, 2`.execute(db);
  },
};
