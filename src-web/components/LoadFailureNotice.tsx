import styles from './LoadFailureNotice.module.css';

/**
 * Where a dialog would have opened: why it did not (its code did not arrive), with a way to put
 * the notice away. The visitor's next request for the dialog loads it again.
 */
export function LoadFailureNotice({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.message}>{message}</p>
      <button type="button" className={styles.dismiss} onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
