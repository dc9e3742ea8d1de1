import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';

export type AuthDialogView = 'signin' | 'signup';

const useStyles = makeStyles({
  surface: { maxWidth: `${INTERFACE.authModalWidthPx}px` },
});

const TITLES: Record<AuthDialogView, string> = {
  signin: 'Welcome Back',
  signup: 'Create Account',
};

/** The authentication dialog. Until customer accounts open, it tells visitors so. */
export function AuthDialog({ view, onClose }: { view: AuthDialogView; onClose(): void }) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{TITLES[view]}</DialogTitle>
          <DialogContent>
            Customer accounts are opening soon. Until then, our team is happy to set you up personally: send us a message from the
            Contact page.
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
