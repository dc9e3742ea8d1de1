import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { FormDialog } from './FormDialog.tsx';

const useStyles = makeStyles({
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
 * outside cancel too, except while the action runs. A FormDialog without fields, so Cancel
 * gives the keyboard back to the control that asked.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const styles = useStyles();
  const { busy, onCancel } = props;
  return (
    <FormDialog
      open
      modalType={props.modalType}
      onDismiss={() => !busy && onCancel()}
      title={props.title}
      error={props.error}
      busy={busy}
      onSubmit={props.onConfirm}
      onCancel={onCancel}
      submitLabel={props.confirmLabel}
      busyLabel={props.busyLabel}
      {...(props.danger ? { submitClassName: styles.danger } : {})}
    >
      {props.children}
    </FormDialog>
  );
}
