import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

/** A quicker answer never waits longer than this, whatever a slow database did once. */
const MAX_WAIT_MS = 1000;

/** How often an instance that has learned nothing asks the others again. */
const ASK_EVERY_MS = 10_000;

/**
 * Two answers that must not be told apart by their timing (a code mailed to an account or
 * none to a name that is no account; a first affiliate application or a repeat): the slower
 * path notes how long it took, and the quicker one waits until it has taken about as long.
 * The length is a moving average of the slower answers, so it follows the database's pace.
 *
 * The instances share it through the database (`even_timings`): one that has seen no slower
 * answer yet (just deployed or restarted, or sent none by the load balancer) pads from what
 * the others learned. Before, it answered the quicker path at once until its own first slower
 * answer, and after each deploy those quick answers told which names were no account.
 */
export class EvenTiming {
  private slowerMs = 0;
  private askedAt = -Infinity;

  constructor(
    private readonly name: string,
    private readonly db: Kysely<Schema>,
  ) {}

  /** The slower path, begun at `startedAt` (performance.now()), has just finished. */
  noteSlower(startedAt: number): void {
    const ms = performance.now() - startedAt;
    this.slowerMs = this.slowerMs === 0 ? ms : this.slowerMs * 0.8 + ms * 0.2;
    // One row, written once per slower answer (a code mailed, an application stored): rare.
    // Not awaited: the slower answer would wait for it, a difference the quicker one lacks.
    void this.share().catch(() => undefined); // the others learn it from a later answer
  }

  /** Waits until the quicker path begun at `startedAt` has taken about as long as the slower one takes now. */
  async padQuicker(startedAt: number): Promise<void> {
    if (this.slowerMs === 0) await this.learnFromOthers();
    const left = Math.min(this.slowerMs, MAX_WAIT_MS) - (performance.now() - startedAt);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }

  private async share(): Promise<void> {
    const row = { name: this.name, expected_ms: this.slowerMs, updated_at: new Date() };
    await this.db
      .insertInto('even_timings')
      .values(row)
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ expected_ms: row.expected_ms, updated_at: row.updated_at }))
      .execute();
  }

  private async learnFromOthers(): Promise<void> {
    const now = performance.now();
    if (now - this.askedAt < ASK_EVERY_MS) return;
    this.askedAt = now;
    const row = await this.db
      .selectFrom('even_timings')
      .select('expected_ms')
      .where('name', '=', this.name)
      .executeTakeFirst()
      .catch(() => undefined); // unpadded, as before anything was learned, rather than no answer
    if (this.slowerMs === 0 && row !== undefined) this.slowerMs = row.expected_ms;
  }
}
