import styles from './LoadFailureNotice.module.css';

/**
 * Where a dialog or a part would have been (LazyPart): why it is not (its code did not arrive),
 * with a way to load it again and a way to put the notice away.
 */
export function LoadFailureNotice({ message, onRetry, onDismiss }: { message: string; onRetry(): void; onDismiss(): void }) {
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.message}>{message}</p>
      <button type="button" className={styles.action} onClick={onRetry}>
        Try again
      </button>
      <button type="button" className={styles.action} onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
