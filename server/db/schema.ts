import type { Generated } from 'kysely';

/** The tables the server queries, as Kysely sees them. Each feature adds its own. */
export interface Schema {
  leads: LeadsTable;
}

export interface LeadsTable {
  id: Generated<number>;
  name: string;
  email: string;
  source: string;
  created_at: Generated<Date>;
}
