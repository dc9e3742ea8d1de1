import {
  Button,
  FluentProvider,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStaticStyles,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hireAssistTheme } from '../../src-shared/ui/theme.ts';
import { DEFAULT_SERVER_URL, type ConsoleBridge, type ConsoleScreen, type ConsoleSettings } from '../contract/bridge.ts';
import { DismissableNotice } from './notices/DismissableNotice.tsx';
import { SettingsNotSavedNotice, type SettingsNotSaved } from './notices/SettingsNotSavedNotice.tsx';
import { SettingsResetNotice } from './notices/SettingsResetNotice.tsx';
import { ServerSetup } from './server-setup/ServerSetup.tsx';
import { ConsoleShell } from './shell/ConsoleShell.tsx';

/** The window is the app: no page margin, and the console's grid fills it. */
const useGlobalStyles = makeStaticStyles({
  'html, body, #root': { margin: 0, height: '100%' },
  body: { overflow: 'hidden' },
});

const useStyles = makeStyles({
  centre: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

/** The console's renderer: the theme, then first-run setup or the console itself. */
export function ConsoleApp({ bridge }: { bridge: ConsoleBridge | undefined }) {
  useGlobalStyles();
  const styles = useStyles();
  return (
    // No layout classes on the provider: Fluent copies its classes onto every portal's mount node.
    <FluentProvider theme={hireAssistTheme}>
      {bridge ? (
        <ConsoleRoot bridge={bridge} />
      ) : (
        <main className={styles.centre}>
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              This page is the HireAssist Console&apos;s window and works only inside the console app.
            </MessageBarBody>
          </MessageBar>
        </main>
      )}
    </FluentProvider>
  );
}

type RootState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; settings: ConsoleSettings; changingServer: boolean };

function ConsoleRoot({ bridge }: { bridge: ConsoleBridge }) {
  const styles = useStyles();
  const [state, setState] = useState<RootState>({ phase: 'loading' });
  // Set when the server the operator switched away from was not told of the sign-out.
  const [signOutFailure, setSignOutFailure] = useState<string | null>(null);
  // Set when main cannot write the settings: told once a run (at start-up, or at the first screen
  // it could not save), not at every screen the operator opens after, and kept until dismissed.
  const [unsaved, setUnsaved] = useState<SettingsNotSaved | null>(null);
  const toldUnsaved = useRef(false);
  const tellUnsaved = useCallback((failure: SettingsNotSaved) => {
    if (toldUnsaved.current) return;
    toldUnsaved.current = true;
    setUnsaved(failure);
  }, []);

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    try {
      const settings = await bridge.settings.get();
      if (settings.unsavedSettings) tellUnsaved({ when: 'start', path: settings.unsavedSettings.keptAt });
      setState({ phase: 'ready', settings, changingServer: false });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [bridge, tellUnsaved]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the settings arrive from main
    void load();
  }, [load]);

  // Stable, so the shell subscribes to main's menu once.
  const showScreen = useCallback(
    (lastScreen: ConsoleScreen) =>
      setState((current) =>
        current.phase === 'ready' ? { ...current, settings: { ...current.settings, lastScreen } } : current,
      ),
    [],
  );
  const screenNotSaved = useCallback((file: string) => tellUnsaved({ when: 'last screen', path: file }), [tellUnsaved]);

  if (state.phase === 'loading') {
    return (
      <main className={styles.centre}>
        <Spinner label="Starting HireAssist Console…" />
      </main>
    );
  }
  if (state.phase === 'error') {
    return (
      <main className={styles.centre}>
        <MessageBar intent="error" role="alert">
          <MessageBarBody>The console could not read its settings: {state.message}</MessageBarBody>
        </MessageBar>
        <Button appearance="primary" onClick={() => void load()}>
          Try again
        </Button>
      </main>
    );
  }

  const { settings, changingServer } = state;
  // Shown on the first-run step (a reset forgets the server) and in the console, until dismissed;
  // so is the notice of settings main cannot write.
  const resetNotice = settings.resetBackupPath ? (
    <SettingsResetNotice
      backupPath={settings.resetBackupPath}
      onDismiss={() =>
        setState((current) =>
          current.phase === 'ready' ? { ...current, settings: { ...current.settings, resetBackupPath: undefined } } : current,
        )
      }
    />
  ) : null;
  const unsavedNotice = unsaved ? <SettingsNotSavedNotice failure={unsaved} onDismiss={() => setUnsaved(null)} /> : null;
  const notice =
    resetNotice || unsavedNotice || signOutFailure ? (
      <>
        {resetNotice}
        {unsavedNotice}
        {signOutFailure && (
          <DismissableNotice intent="warning" title="Sign-out did not finish." onDismiss={() => setSignOutFailure(null)}>
            {signOutFailure}
          </DismissableNotice>
        )}
      </>
    ) : null;
  if (settings.serverUrl === null || changingServer) {
    const current = settings.serverUrl;
    return (
      <ServerSetup
        bridge={bridge}
        initialUrl={current ?? settings.refusedServerUrl?.url ?? DEFAULT_SERVER_URL}
        initialError={current === null ? settings.refusedServerUrl?.error : undefined}
        notice={notice}
        onCancel={current === null ? undefined : () => setState({ phase: 'ready', settings, changingServer: false })}
        onSaved={(serverUrl, failure) => {
          setSignOutFailure(failure ?? null);
          setState({ phase: 'ready', settings: { ...settings, serverUrl }, changingServer: false });
        }}
      />
    );
  }
  return (
    <ConsoleShell
      bridge={bridge}
      serverUrl={settings.serverUrl}
      screen={settings.lastScreen}
      notice={notice}
      onScreen={showScreen}
      onScreenNotSaved={screenNotSaved}
      onChangeServer={() => setState({ phase: 'ready', settings, changingServer: true })}
    />
  );
}
