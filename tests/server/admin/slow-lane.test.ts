import { describe, expect, it } from 'vitest';
import { createSlowLane } from '../../../server/features/admin/login-limits.ts';
import { createMemoryRateLimitStore } from '../../../server/http/rate-limit/store.ts';

const DELAY_MS = 40;
const CAPACITY = 3;

/** A slow lane on a clock the test sets; its waits are real, a few slots of `DELAY_MS` long. */
function laneAt() {
  let now = 0;
  const lane = createSlowLane(createMemoryRateLimitStore(), { delayMs: DELAY_MS, capacity: CAPACITY, now: () => now });
  return {
    setClock: (ms: number) => (now = ms),
    enter: () => lane.enter(),
  };
}

describe('the admin login slow lane', () => {
  it('never lets more than its capacity wait at once, even when a slot boundary passes between two arrivals', async () => {
    const lane = laneAt();
    // A crowd arrives just before a slot boundary, one more just after it, while the first all still wait.
    lane.setClock(0.99 * DELAY_MS);
    const crowd = Array.from({ length: CAPACITY + 1 }, () => lane.enter());
    await new Promise((settled) => setImmediate(settled));
    lane.setClock(1.01 * DELAY_MS);
    const late = [lane.enter(), lane.enter()];
    const admitted = (await Promise.all([...crowd, ...late])).filter(Boolean);
    expect(admitted.length).toBeLessThanOrEqual(CAPACITY);
    expect(admitted.length).toBeGreaterThanOrEqual(CAPACITY - 1);
  });

  it('gives one turn per slot, each at least a slot away', async () => {
    const lane = laneAt();
    lane.setClock(5 * DELAY_MS);
    const turns: number[] = [];
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CAPACITY }, async () => {
        if (await lane.enter()) turns.push(Date.now() - started);
      }),
    );
    expect(turns.toSorted((a, b) => a - b).map((ms, turn) => ms >= (turn + 1) * DELAY_MS - 2)).toEqual([true, true, true]);
  });
});
