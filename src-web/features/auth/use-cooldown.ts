import { useCallback, useEffect, useState } from 'react';

/** A countdown in whole seconds: `start()` sets it, it ticks down to 0 once a second. */
export function useCooldown(seconds: number): { remaining: number; start(): void } {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, start };
}
