import { DismissableNotice } from './DismissableNotice.tsx';
import { FilePath } from './FilePath.tsx';

/**
 * Why main cannot write the console's settings file. `start`: at start-up it could neither read
 * the file nor replace it, so the console runs on its defaults in memory, the file kept as it
 * was at `path`. `last screen`: writing the screen shown to the file at `path` failed.
 */
export type SettingsNotSaved = { when: 'start' | 'last screen'; path: string };

/** Main cannot write the console's settings file: what that costs, where the file is, what to do. */
export function SettingsNotSavedNotice({ failure, onDismiss }: { failure: SettingsNotSaved; onDismiss(): void }) {
  const path = <FilePath path={failure.path} />;
  return (
    <DismissableNotice intent="warning" title="The console's settings can't be saved." onDismiss={onDismiss}>
      {failure.when === 'start' ? (
        <>
          The settings file could not be read, and no new one could be written, so the console started with its defaults and will
          forget any change when it closes. The old file is kept, unchanged, as {path}. To save settings again, make its folder
          writable (or free some disk space), then restart the console.
        </>
      ) : (
        <>
          The console could not write its settings file, {path}, so the next launch will not open on the screen shown now. To save
          settings again, make its folder writable (or free some disk space).
        </>
      )}
    </DismissableNotice>
  );
}
