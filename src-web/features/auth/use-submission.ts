import { useState } from 'react';
import { errorMessage, type OwnWords } from './error-message.ts';

/**
 * A form's submission: busy while a step runs and, when the step fails, the service's
 * message (or the form's fixed fallback) with the form handed back. After a step that
 * succeeded the form stays busy: the dialog moves on to what comes next.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Runs `step`; whether it succeeded. */
  const run = async (step: () => Promise<unknown>, fallback: string, ownWords?: OwnWords): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await step();
      return true;
    } catch (failure) {
      setError(errorMessage(failure, fallback, ownWords));
      setBusy(false);
      return false;
    }
  };
  return { busy, error, setError, run };
}
