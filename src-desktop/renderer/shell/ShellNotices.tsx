import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { SESSION_LEFT_IN_KEYCHAIN, type TokenStorage } from '../../contract/bridge.ts';
import { DismissableNotice } from '../notices/DismissableNotice.tsx';

const useStyles = makeStyles({
  // One column for every notice above the screen, from the app or the shell, evenly spaced.
  notices: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    margin: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} 0`,
  },
  // In the password dialog, its content's edges are theirs.
  inDialog: { margin: 0 },
});

/** What the shell has to tell beside the screen: each notice shows while its field says so. */
export interface ShellNoticeState {
  /** A notice from outside the shell (the settings file), shown first. */
  notice?: ReactNode;
  /** Why the last sign-out did not finish, until dismissed. */
  signOutError: string | null;
  /** The server's last session check could not reach it. */
  unreachable: boolean;
  /** Where the session is kept, once main has said. */
  storage: TokenStorage | null;
}

const keychainUnavailable = (storage: TokenStorage | null) => storage === 'memory' || storage === SESSION_LEFT_IN_KEYCHAIN;

/** Whether any notice would show: with none, the shell leaves out the column, which then takes no room. */
export function anyShellNotice({ notice, signOutError, unreachable, storage }: ShellNoticeState): boolean {
  return Boolean(notice) || signOutError !== null || unreachable || keychainUnavailable(storage);
}

interface ShellNoticesProps extends ShellNoticeState {
  serverUrl: string;
  onDismissSignOutError(): void;
  /** Above the screen, or in the password dialog, which would cover them there. */
  place: 'page' | 'dialog';
}

/** The console shell's notices in one column: sign-out, the server unreachable, the keychain unavailable. */
export function ShellNotices({
  notice,
  signOutError,
  unreachable,
  storage,
  serverUrl,
  onDismissSignOutError,
  place,
}: ShellNoticesProps) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.notices, place === 'dialog' && styles.inDialog)}>
      {notice}
      {signOutError && (
        <DismissableNotice intent="error" title="Sign-out did not finish." onDismiss={onDismissSignOutError}>
          {signOutError}
        </DismissableNotice>
      )}
      {unreachable && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>
            <MessageBarTitle>The server could not be reached.</MessageBarTitle>
            Check that {serverUrl} is running and reachable. The console checks again by itself and carries on with the session
            once the server answers.
          </MessageBarBody>
        </MessageBar>
      )}
      {keychainUnavailable(storage) && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>
            <MessageBarTitle>The OS keychain is unavailable.</MessageBarTitle>
            {storage === 'memory' ? (
              'The admin session is kept in memory only, so the next launch will ask for the password again.'
            ) : (
              // The memory-only promise above is false here: a later launch may find the old session.
              <>
                The console&apos;s settings can&apos;t be saved either, so a session you ended is still in the keychain, and the
                next launch may sign in with it. To remove it, delete the &quot;HireAssist Console&quot; entries in your keychain
                app.
              </>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
