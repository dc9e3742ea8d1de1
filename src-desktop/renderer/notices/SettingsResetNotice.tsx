import { makeStyles, tokens } from '@fluentui/react-components';
import { DismissableNotice } from './DismissableNotice.tsx';

const useStyles = makeStyles({
  // A long userData path wraps instead of widening the card.
  path: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

/** Main found the settings file unreadable and started afresh: says so, and where the old file is. */
export function SettingsResetNotice({ backupPath, onDismiss }: { backupPath: string; onDismiss(): void }) {
  const styles = useStyles();
  return (
    <DismissableNotice intent="warning" title="The console's settings were reset." onDismiss={onDismiss}>
      The settings file could not be read, so the console started with its defaults. The old file was kept as{' '}
      <span className={styles.path}>{backupPath}</span>.
    </DismissableNotice>
  );
}
