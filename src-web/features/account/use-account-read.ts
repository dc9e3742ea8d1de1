import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorMessage } from '../auth/error-message.ts';

/**
 * What an account card shows, read from our server with a fresh id token: the answer (null until
 * it comes), the failure in the card's own words, and `retry` for the card's Try again, so a
 * passing outage does not need the page reloaded. `read` must keep its identity (a module's function).
 */
export function useAccountRead<T>(read: (idToken: string) => Promise<T>, fallback: string) {
  const { freshTokens } = useAuth();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    freshTokens()
      .then((tokens) => {
        if (!tokens) throw new Error(ACCOUNT_MESSAGES.noAccessToken);
        return read(tokens.idToken);
      })
      .then((answer) => current && setData(answer))
      .catch((failure: unknown) => current && setError(errorMessage(failure, fallback)));
    return () => {
      current = false;
    };
  }, [freshTokens, read, fallback, attempt]);
  const retry = useCallback(() => {
    setError(null);
    setAttempt((previous) => previous + 1);
  }, []);
  return { data, setData, error, retry };
}
