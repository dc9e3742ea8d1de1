import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { ACCOUNT_MESSAGES } from '../../../src-shared/domain/accounts/messages.ts';
import { ModalDialog } from '../../../src-shared/ui/ModalDialog.tsx';

/** 'Unsaved Changes', asked when leaving the profile with edits not saved. */
export function UnsavedChangesDialog({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  return (
    <ModalDialog open={open} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Unsaved Changes</DialogTitle>
          <DialogContent>{ACCOUNT_MESSAGES.unsavedChanges}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onStay}>
              Stay
            </Button>
            <Button onClick={onLeave}>Leave Without Saving</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </ModalDialog>
  );
}
