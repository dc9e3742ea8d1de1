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
  // Fluent has no danger appearance: a destructive action's button takes the danger palette itself.
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteDarkRedBackground2, color: tokens.colorNeutralForegroundOnBrand },
  },
});

interface ConfirmDialogProps {
  title: string;
  /** The question and what follows from it. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  busyLabel: string;
  busy: boolean;
  /** The failure of the last try; the dialog stays open to show it, so the operator can retry or cancel. */
  error: string | null;
  danger?: boolean;
  /** 'alert' for a question whose answer ends something the operator cannot take back. */
  modalType?: 'modal' | 'alert';
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A question asked before an action: Cancel, or the action's own button. Escape and a click
 * outside cancel too, except while the action runs. Opened through ModalDialog, so Cancel
 * gives the keyboard back to the control that asked.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const styles = useStyles();
  const { busy, error, onCancel } = props;
  return (
    <ModalDialog open modalType={props.modalType} onDismiss={() => !busy && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <ErrorBar message={error} />
            {props.children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              className={props.danger ? styles.danger : undefined}
              onClick={props.onConfirm}
              disabled={busy}
            >
              {busy ? props.busyLabel : props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </ModalDialog>
  );
}
