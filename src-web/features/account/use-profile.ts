import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { fromE164 } from '../../../src-shared/domain/accounts/phone.ts';
import { ADMIN } from '../../../src-shared/domain/constants.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { profileLoadError, type Profile } from './profile-model.ts';

/**
 * Loads the profile from the pool (GetUser): after 30 s a slow-load message shows, and it
 * loads again about 100 ms after the page becomes visible, so a returning tab shows fresh data.
 */
export function useProfile() {
  const { freshTokens, identity, user } = useAuth();
  const social = user?.socialProvider != null;
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);

  const load = useCallback(async () => {
    try {
      const tokens = await freshTokens();
      if (!tokens) throw new Error(ACCOUNT_MESSAGES.noAccessToken);
      const attributes = await (await identity()).getUser(tokens.accessToken);
      setProfile({
        firstName: attributes.given_name ?? '',
        lastName: attributes.family_name ?? '',
        email: attributes.email ?? '',
        phoneNumber: fromE164(attributes.phone_number),
        emailVerified: social || attributes.email_verified === 'true',
      });
      setLoadError(null);
    } catch (error) {
      setLoadError(profileLoadError(error));
    } finally {
      setSlow(false);
    }
  }, [freshTokens, identity, social]);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), ADMIN.profileLoadTimeoutMs);
    // Fetching on arrival is this effect's job; its state changes come after the request.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load().finally(() => clearTimeout(timer));
    return () => clearTimeout(timer);
    // Loaded once on arrival; later loads come from visibility and from saves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      timer = setTimeout(() => void load(), ADMIN.visibilityReloadDelayMs);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [load]);

  return { profile, setProfile, loadError, slow, reload: load };
}
