import { describe, expect, it } from 'vitest';
import { upgradedAcross } from '../../support/migration-upgrade.ts';

/** Migration 8 on a log written before it: customers get their address, browser-written events say so. */
describe('migration 8 (security events) on an existing audit log', () => {
  it('backfills the actor’s email and marks the events the browser wrote', async () => {
    const after = await upgradedAcross(8, async (db) => {
      await db
        .insertInto('audit_events')
        .values([
          { event_type: 'customer.login', actor: 'sub-1', subject: 'Dana@Example.com', details: '{"provider":"google"}' },
          { event_type: 'customer.profile.update', actor: 'sub-1', subject: 'dana@example.com', details: '{}' },
          { event_type: 'admin.user.disable', actor: 'admin', subject: 'sub-1', details: '{}' },
        ])
        .execute();
    });
    const rows = await after.db.selectFrom('audit_events').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.event_type, row.actor_email, row.annotation])).toEqual([
      ['customer.login', 'dana@example.com', { writtenByBrowser: true }],
      ['customer.profile.update', 'dana@example.com', { writtenByBrowser: true }],
      ['admin.user.disable', null, null],
    ]);
  });
});
