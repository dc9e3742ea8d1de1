import { Body1, Button, Card, Field, Input, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { ConsoleBridge } from '../../contract/bridge.ts';

const useStyles = makeStyles({
  page: {
    // The window is the scroll box (the body does not scroll): with notices above it, the step is
    // taller than a small window, and its button must still be reachable with the mouse.
    height: '100vh',
    overflowY: 'auto',
    display: 'grid',
    placeItems: 'center',
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  card: { width: 'min(500px, 100%)', padding: tokens.spacingHorizontalXXL, gap: tokens.spacingVerticalL },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  mark: {
    display: 'grid',
    placeItems: 'center',
    width: '44px',
    height: '44px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    flexShrink: 0,
  },
  heading: { display: 'block', margin: 0 },
  lead: { display: 'block', color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalXXS} 0 0` },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

interface ServerSetupProps {
  bridge: ConsoleBridge;
  /** What the field starts with: the current server, or the default on first run. */
  initialUrl: string;
  /** A notice from outside the step (settings reset), shown above it. */
  notice?: ReactNode;
  /** Set when the operator is changing servers (they may go back); absent on first run. */
  onCancel?(): void;
  /** `signOutFailure`: the server left could not be told of the sign-out (main's words). */
  onSaved(serverUrl: string, signOutFailure?: string): void;
  /** Why the address shown first is refused (one an earlier version accepted), if it is. */
  initialError?: string;
}

/**
 * The first-run step (and 'Change server'): which HireAssist server this console manages.
 * Main validates and stores the address; its message is shown as it comes.
 */
export function ServerSetup({ bridge, initialUrl, initialError, notice, onCancel, onSaved }: ServerSetupProps) {
  const styles = useStyles();
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await bridge.settings.setServerUrl(url);
      if (result.ok) onSaved(result.serverUrl, result.signOutFailure);
      else setError(result.error);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The address could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        {notice}
        <div className={styles.header}>
          <span className={styles.mark} aria-hidden>
            HA
          </span>
          <div>
            <Title3 as="h1" className={styles.heading}>
              {onCancel ? 'Change server' : 'Welcome to HireAssist Console'}
            </Title3>
            <Body1 as="p" className={styles.lead}>
              Which HireAssist server do you manage?
            </Body1>
          </div>
        </div>
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label="Server address"
            required
            validationState={error ? 'error' : 'none'}
            validationMessage={error ?? undefined}
            hint="The address of the HireAssist server, starting with https:// (http:// only for a server on this computer)."
          >
            <Input
              type="url"
              value={url}
              autoFocus
              spellCheck={false}
              disabled={busy}
              onChange={(_event, data) => setUrl(data.value)}
            />
          </Field>
          {onCancel && <Text size={200}>Switching to another server signs you out of this one.</Text>}
          <div className={styles.actions}>
            {onCancel && (
              <Button type="button" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" appearance="primary" disabled={busy || url.trim() === ''}>
              {busy ? 'Checking…' : 'Continue'}
            </Button>
          </div>
        </form>
      </Card>
    </main>
  );
}
