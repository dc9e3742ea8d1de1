import { useEffect, useState } from 'react';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import type { AuthStatus } from '../auth/auth-context.tsx';

/**
 * Whether the plans table is locked (non-clickable, dimmed): for signed-out visitors, from
 * about a second after the page loads (a nudge to sign up first); a
 * visitor who signs in gets it unlocked at once.
 */
export function usePricingGate(status: AuthStatus): boolean {
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDelayPassed(true), INTERFACE.pricingTableEnableDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  return status === 'signed-out' && delayPassed;
}
