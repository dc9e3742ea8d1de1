import { makeStyles, tokens } from '@fluentui/react-components';
import { DismissableNotice } from './DismissableNotice.tsx';

const useStyles = makeStyles({
  // A long userData path wraps instead of widening the card.
  path: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

/**
 * Main cannot write the console's settings file. `keptAt`: at start-up it could neither read the
 * file nor replace it, so the console runs on its defaults in memory, the file kept as it was.
 */
export function SettingsNotSavedNotice({ keptAt, onDismiss }: { keptAt: string; onDismiss(): void }) {
  const styles = useStyles();
  return (
    <DismissableNotice intent="warning" title="The console's settings can't be saved." onDismiss={onDismiss}>
      The settings file could not be read, and no new one could be written, so the console started with its defaults and will
      forget any change when it closes. The old file is kept, unchanged, as <span className={styles.path}>{keptAt}</span>. To save
      settings again, make its folder writable (or free some disk space), then restart the console.
    </DismissableNotice>
  );
}
