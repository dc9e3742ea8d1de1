import type { EnvReader } from '../../config/env-reader.ts';

/** A Supabase project whose `leads` table the admin area reads instead of our own. */
export interface SupabaseLeadsConfig {
  url: string;
  /** The service-role key: server-side only, never sent to a browser. */
  serviceRoleKey: string;
}

export interface AdminConfig {
  /** ADMIN_PASSWORD; when undefined, the first start generates one and prints it once. */
  password: string | undefined;
  supabase: SupabaseLeadsConfig | undefined;
}

/** The shortest ADMIN_PASSWORD accepted: the one password guarding every customer account. */
const MIN_ADMIN_PASSWORD_LENGTH = 12;

/** Reads the admin section of the configuration (documented in .env.example). */
export function readAdminConfig(read: EnvReader): AdminConfig {
  const password = read.optional('ADMIN_PASSWORD');
  if (password !== undefined && password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    read.problems.push(`ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters (or unset, to generate one)`);
  }
  const supabaseUrl = read.url('SUPABASE_URL', ['http', 'https']);
  const serviceRoleKey = read.optional('SUPABASE_SERVICE_ROLE_KEY');
  const urlGiven = read.optional('SUPABASE_URL') !== undefined;
  if (urlGiven !== (serviceRoleKey !== undefined)) {
    read.problems.push(
      'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set together (or neither, to read leads from DATABASE_URL)',
    );
  }
  return {
    password,
    supabase: supabaseUrl && serviceRoleKey ? { url: supabaseUrl.href.replace(/\/$/, ''), serviceRoleKey } : undefined,
  };
}
