import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { SocialIdentityProvider } from '../../../src-shared/api/identity/types.ts';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { useAuthDialogState } from './auth-dialog-state.tsx';
import { hostedAppState } from './sign-in-intent.ts';
import { useSession } from './session-context.tsx';
import { useFormStyles } from './form-parts.tsx';
import { loadPublicConfig } from '../../components/public-config.ts';

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
});

function GoogleMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 48 48" aria-hidden>
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.6 13.3l7.8 6C12.3 13.4 17.6 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.6 5.9c4.4-4.1 7-10.1 7-17.6z" />
      <path fill="#FBBC05" d="M10.4 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C.9 16.6 0 20.2 0 24s.9 7.4 2.6 10.7l7.8-6z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.4 0-11.7-3.9-13.6-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg width="16" height="16" viewBox="0 0 22 22" aria-hidden>
      <path fill="#F25022" d="M0 0h10v10H0z" />
      <path fill="#7FBA00" d="M12 0h10v10H12z" />
      <path fill="#00A4EF" d="M0 12h10v10H0z" />
      <path fill="#FFB900" d="M12 12h10v10H12z" />
    </svg>
  );
}

const LABELS: Record<SocialIdentityProvider, string> = { Google: 'Google', AzureAD: 'Microsoft' };
const MARKS: Record<SocialIdentityProvider, () => React.JSX.Element> = { Google: GoogleMark, AzureAD: MicrosoftMark };

/**
 * Google and Microsoft, as configured for the pool: both start the hosted /oauth2/authorize
 * redirect of the identity service. Nothing shows when no provider is configured.
 */
export function SocialButtons({
  disabled,
  onError,
  caption,
}: {
  disabled: boolean;
  onError(message: string): void;
  caption: string;
}) {
  const styles = useStyles();
  const form = useFormStyles();
  const { signInWithProvider } = useSession();
  const dialog = useAuthDialogState();
  const [providers, setProviders] = useState<SocialIdentityProvider[]>([]);
  const [starting, setStarting] = useState<SocialIdentityProvider | null>(null);
  useEffect(() => {
    loadPublicConfig()
      .then((config) => setProviders(config.identity?.socialProviders ?? []))
      .catch(() => setProviders([]));
  }, []);
  if (providers.length === 0) return null;

  const start = (provider: SocialIdentityProvider) => {
    setStarting(provider);
    // The tab leaves the app: where to go once signed in, and where the dialog was opened, wait with the sign-in.
    signInWithProvider(provider, hostedAppState({ returnTo: dialog?.returnTo, source: dialog?.source })).catch(
      (error: unknown) => {
        console.warn('Social sign-in could not start', error);
        setStarting(null);
        onError(ACCOUNT_MESSAGES.oauthFailed);
      },
    );
  };
  return (
    <>
      <div className={form.divider}>{caption}</div>
      <div className={styles.row}>
        {providers.map((provider) => {
          const Mark = MARKS[provider];
          return (
            <Button key={provider} icon={<Mark />} disabled={disabled || starting !== null} onClick={() => start(provider)}>
              {LABELS[provider]}
            </Button>
          );
        })}
      </div>
    </>
  );
}
