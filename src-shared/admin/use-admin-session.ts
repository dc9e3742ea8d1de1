import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
import { ADMIN } from '../domain/constants.ts';

export type AdminSessionStatus = 'checking' | 'valid' | 'invalid';

export interface AdminSessionOptions {
  /** Called when a session that was valid stops being valid (the web app turns admin mode off). */
  onLost?(): void;
  /** Subscribes to outside changes of the stored token (another tab); returns the unsubscribe. */
  subscribeToTokenChanges?(listener: () => void): () => void;
}

/**
 * The admin session (a token that lasts 12 hours on the server): validated on load, every 30 seconds and when the stored token
 * changes elsewhere. A network failure keeps the last known state rather than logging out.
 */
export function useAdminSession(api: Pick<AdminApi, 'validate'>, options: AdminSessionOptions = {}) {
  const [status, setStatus] = useState<AdminSessionStatus>('checking');
  // How many times the session has become valid: 0 before the first, then one more for each
  // login after a lost session (what the screens kept reload on it).
  const [validSince, setValidSince] = useState(0);
  const wasValid = useRef(false);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const apply = useCallback((valid: boolean) => {
    setStatus(valid ? 'valid' : 'invalid');
    if (valid && !wasValid.current) setValidSince((count) => count + 1);
    if (!valid && wasValid.current) optionsRef.current.onLost?.();
    wasValid.current = valid;
  }, []);

  const check = useCallback(async () => {
    const outcome = await api.validate();
    if (outcome.ok) apply(outcome.value);
    else setStatus((current) => (current === 'checking' ? 'invalid' : current));
  }, [api, apply]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state changes after the server answers
    void check();
    const timer = setInterval(() => void check(), ADMIN.tokenValidationIntervalMs);
    const unsubscribe = optionsRef.current.subscribeToTokenChanges?.(() => void check());
    return () => {
      clearInterval(timer);
      unsubscribe?.();
    };
  }, [check]);

  return {
    status,
    validSince,
    /** After a successful login. */
    authenticated: useCallback(() => apply(true), [apply]),
    /** After a 401 from any admin call. */
    lost: useCallback(() => apply(false), [apply]),
    recheck: check,
  };
}
