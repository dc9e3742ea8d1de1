import type { Clock } from '../../server/identity/clock.ts';

/** A clock that follows real time plus an offset that tests move forward (expiry, lockout). */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
