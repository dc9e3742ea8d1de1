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
  // The address copied from the project's API settings often ends in /rest/v1: every read would then go to …/rest/v1/rest/v1.
  if (supabaseUrl && /\/rest\/v1\/?$/.test(supabaseUrl.pathname)) {
    read.problems.push(
      "SUPABASE_URL is the project's own address (such as https://abcd.supabase.co), without /rest/v1: supabase-js adds it",
    );
  }
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
