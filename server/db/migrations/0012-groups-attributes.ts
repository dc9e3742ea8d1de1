import { sql } from 'kysely';
import type { Migration } from '../migrator.ts';

/**
 * The identity service's groups and the rest of Cognito's attributes: users created by an
 * operator (FORCE_CHANGE_PASSWORD), a JSON map for the standard attributes without a column of
 * their own and the pool's `custom:` ones, and groups with their members. Existing users keep
 * every value; they start with no extra attributes and no groups.
 */
export const groupsAttributes: Migration = {
  id: 12,
  name: 'groups-attributes',
  async up(db) {
    await sql`alter table identity_users drop constraint identity_users_status_check`.execute(db);
    await sql`alter table identity_users add constraint identity_users_status_check
      check (status in ('UNCONFIRMED', 'CONFIRMED', 'EXTERNAL_PROVIDER', 'RESET_REQUIRED', 'FORCE_CHANGE_PASSWORD'))`.execute(db);
    await sql`alter table identity_users add column attributes jsonb not null default '{}'::jsonb`.execute(db);
    // The user's group names in claim order, kept with the user so that sign-in and refresh,
    // which read the user anyway, put cognito:groups in the tokens without another query.
    await sql`alter table identity_users add column groups jsonb not null default '[]'::jsonb`.execute(db);
    // An operator's temporary password stops working after this (Cognito's seven days).
    await sql`alter table identity_users add column temporary_password_expires_at timestamptz`.execute(db);

    await sql`create table identity_groups (
      name text primary key,
      description text,
      precedence integer,
      role_arn text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);

    await sql`create table identity_user_groups (
      group_name text not null references identity_groups (name) on delete cascade,
      user_sub uuid not null references identity_users (sub) on delete cascade,
      created_at timestamptz not null,
      primary key (group_name, user_sub)
    )`.execute(db);
    // A user's groups (tokens, AdminListGroupsForUser); the primary key pages a group's members.
    await sql`create index identity_user_groups_user on identity_user_groups (user_sub, group_name)`.execute(db);
  },
};
