import { DismissableNotice } from './DismissableNotice.tsx';
import { FilePath } from './FilePath.tsx';

/** Main found the settings file unreadable and started afresh: says so, and where the old file is. */
export function SettingsResetNotice({ backupPath, onDismiss }: { backupPath: string; onDismiss(): void }) {
  return (
    <DismissableNotice intent="warning" title="The console's settings were reset." onDismiss={onDismiss}>
      The settings file could not be read, so the console started with its defaults. The old file was kept as{' '}
      <FilePath path={backupPath} />.
    </DismissableNotice>
  );
}
