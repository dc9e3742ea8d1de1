import type { Clock } from '../../server/identity/clock.ts';

/** A clock that follows real time plus an offset that tests move forward (expiry, lockout). */
export class MovableClock implements Clock {
  private offsetMs = 0;
  /** While `held` runs: the time, which moves only by `advance`. */
  private heldAt: number | undefined;

  now(): number {
    return this.heldAt ?? Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (this.heldAt === undefined) this.offsetMs += ms;
    else this.heldAt += ms;
  }

  /**
   * Runs `work` with the clock standing still but for `advance`, then follows real time again
   * from where it stood. A test of a one-second lock then checks the lock, not the machine: on
   * a loaded machine the few sign-ins between the lock and its check can take longer than that.
   */
  async held<T>(work: () => Promise<T>): Promise<T> {
    this.heldAt = this.now();
    try {
      return await work();
    } finally {
      this.offsetMs = this.heldAt - Date.now();
      this.heldAt = undefined;
    }
  }
}
