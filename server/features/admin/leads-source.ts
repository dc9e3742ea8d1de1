import { createClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import type { Schema } from '../../db/schema.ts';
import type { SupabaseLeadsConfig } from './config.ts';

/** Where the admin area reads leads from: all of them, newest first (spec §7 "Hosted database"). */
export interface LeadsSource {
  list(): Promise<Lead[]>;
}

export function databaseLeadsSource(db: Kysely<Schema>): LeadsSource {
  return {
    async list() {
      const rows = await db
        .selectFrom('leads')
        .select(['id', 'name', 'email', 'source', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },
  };
}

type RealtimeTransport = NonNullable<NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport']>;
const RealtimeNotUsed = function realtimeNotUsed(): never {
  throw new Error('The admin leads reader does not use Supabase realtime');
} as unknown as RealtimeTransport;

/** PostgREST answers at most this many rows a request (Supabase's default max-rows). */
export const SUPABASE_PAGE_SIZE = 1000;

/**
 * A Supabase project's `leads` table, read on the server with the service-role key (which
 * never reaches a browser), page by page so a project's max-rows setting cannot cut the list.
 */
export function supabaseLeadsSource(config: SupabaseLeadsConfig): LeadsSource {
  const client = createClient(config.url, config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Only the REST API is used. Node 20 has no WebSocket, and supabase-js refuses to start
    // without one unless given a transport; this one says plainly that realtime is not used.
    realtime: { transport: RealtimeNotUsed },
  });
  return {
    async list() {
      const leads: Lead[] = [];
      for (let from = 0; ; from += SUPABASE_PAGE_SIZE) {
        const { data, error } = await client
          .from('leads')
          .select('id, name, email, source, created_at')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range(from, from + SUPABASE_PAGE_SIZE - 1);
        if (error) throw new Error(`Supabase leads query failed: ${error.message}`);
        const page = (data ?? []) as SupabaseLeadRow[];
        leads.push(...page.map(toLead));
        if (page.length < SUPABASE_PAGE_SIZE) return leads;
      }
    },
  };
}

interface SupabaseLeadRow {
  id: number | string;
  name: string | null;
  email: string | null;
  source: string | null;
  created_at: string;
}

function toLead(row: SupabaseLeadRow): Lead {
  return {
    id: row.id,
    name: row.name ?? '',
    email: row.email ?? '',
    source: row.source ?? '',
    created_at: new Date(row.created_at).toISOString(),
  };
}
