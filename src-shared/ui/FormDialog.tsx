import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { ModalDialog } from './ModalDialog.tsx';
import { ErrorBar } from './MessageBars.tsx';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, '& p': { margin: 0 } },
});

interface FormDialogProps {
  open: boolean;
  title: string;
  /** 'alert': only its own buttons close it (no Escape, no click outside). */
  modalType?: 'modal' | 'alert';
  /** Escape or a click outside, for a 'modal' dialog. */
  onDismiss?(): void;
  /** The form was sent (Enter in a field, or the submit button); the page does not reload. */
  onSubmit(): void;
  /** The failure of the last try, above the fields. */
  error: string | null;
  busy: boolean;
  /** 'Cancel' unless given ('Close' once there is nothing left to cancel). */
  cancelLabel?: string;
  onCancel(): void;
  submitLabel: string;
  /** The submit button's text while `busy`; its usual text unless given. */
  busyLabel?: string;
  /** A button of the dialog's own before Cancel ('Resend Code'); it should be disabled while `busy`. */
  extraAction?: ReactNode;
  /** Besides while busy (a required field still empty, say). */
  submitDisabled?: boolean;
  /** The submit button's own look (a destructive action's danger palette). */
  submitClassName?: string;
  /**
   * False when the fields alone are the content: a screen reader then announces the title,
   * not every label and value of the form as the dialog's description.
   */
  describedByContent?: boolean;
  className?: string;
  /** The fields, and any text between the error and them. */
  children: ReactNode;
}

/**
 * A dialog holding one form: title, the last error, the fields (or a question), then Cancel and
 * the submit button. Opened through ModalDialog, so closing it gives the keyboard back to its opener.
 * The form checks its own fields (`noValidate`): the browser's bubbles would not match ours.
 */
export function FormDialog(props: FormDialogProps) {
  const styles = useStyles();
  const { busy } = props;
  return (
    <ModalDialog open={props.open} modalType={props.modalType} onDismiss={props.onDismiss}>
      <DialogSurface
        className={props.className}
        {...(props.describedByContent === false ? { 'aria-describedby': undefined } : {})}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={styles.content}>
              <ErrorBar message={props.error} />
              {props.children}
            </DialogContent>
            {/* The whole row, still at its end: beside the title's column, three buttons wrapped their labels. */}
            <DialogActions fluid>
              {props.extraAction}
              <Button type="button" onClick={props.onCancel} disabled={busy}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                className={props.submitClassName}
                disabled={busy || props.submitDisabled === true}
              >
                {busy ? (props.busyLabel ?? props.submitLabel) : props.submitLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </ModalDialog>
  );
}
