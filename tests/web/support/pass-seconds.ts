import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Lets a countdown tick second by second under fake timers, with React rendering between ticks. */
export async function passSeconds(seconds: number) {
  for (let i = 0; i < seconds; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
  }
}
