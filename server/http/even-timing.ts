/** A quicker answer never waits longer than this, whatever a slow database did once. */
const MAX_WAIT_MS = 1000;

/**
 * Two answers that must not be told apart by their timing (a code mailed to an account or
 * none to a name that is no account; a first affiliate application or a repeat): the slower
 * path notes how long it took, and the quicker one waits until it has taken about as long.
 * The length is a moving average of this instance's own slower answers, so it follows the
 * database's pace; until a slower answer has been seen there is nothing to wait for.
 */
export class EvenTiming {
  private slowerMs = 0;

  /** The slower path, begun at `startedAt` (performance.now()), has just finished. */
  noteSlower(startedAt: number): void {
    const ms = performance.now() - startedAt;
    this.slowerMs = this.slowerMs === 0 ? ms : this.slowerMs * 0.8 + ms * 0.2;
  }

  /** Waits until the quicker path begun at `startedAt` has taken about as long as the slower one takes now. */
  async padQuicker(startedAt: number): Promise<void> {
    const left = Math.min(this.slowerMs, MAX_WAIT_MS) - (performance.now() - startedAt);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
