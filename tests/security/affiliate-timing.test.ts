import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { median } from './support.ts';

/**
 * An affiliate application from an address that applied within the week is a repeat: stored
 * under the first one's lead, with no second notice mail. The answer is the same (201); its
 * timing must be too, or a stranger learns who applied to the partner program. A first
 * application's extra work (its lead and its notice) is made slow here on purpose, a trigger
 * that sleeps on the outbox insert, so a repeat that skips that work shows at once and a
 * repeat that waits for it is told apart by nothing.
 */

const OUTBOX_DELAY_MS = 150;
const SAMPLES = 8;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { AFFILIATES_RATE_LIMIT: '1000' } });
  const db = server.app.database.db;
  await sql`create function slow_outbox_insert() returns trigger language plpgsql as $$
    begin perform pg_sleep(${sql.lit(OUTBOX_DELAY_MS / 1000)}); return new; end $$`.execute(db);
  await sql`create trigger slow_outbox_insert before insert on mail_outbox
    for each row execute function slow_outbox_insert()`.execute(db);
});
afterAll(() => server.close());

async function timedApplication(email: string): Promise<number> {
  const started = performance.now();
  const response = await server.fetch('/api/affiliates/applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email, motivation: 'My readers hire.' }),
  });
  expect(response.status).toBe(201);
  return performance.now() - started;
}

describe('an affiliate application from an address that applied this week', () => {
  it('takes as long as a first application: the timing tells nobody who applied', async () => {
    const firsts: number[] = [];
    const repeats: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      firsts.push(await timedApplication(`first-${i}@example.com`));
      repeats.push(await timedApplication(`first-${i}@example.com`));
    }
    expect(median(firsts)).toBeGreaterThanOrEqual(OUTBOX_DELAY_MS);
    expect(
      median(repeats),
      `firsts ${firsts.map(Math.round).join(', ')}; repeats ${repeats.map(Math.round).join(', ')}`,
    ).toBeGreaterThan(0.8 * median(firsts));
  });
});
