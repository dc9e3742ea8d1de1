import styles from './LoadFailureNotice.module.css';

/**
 * Where a dialog or a part would have been: why it is not (its code did not arrive), with a way
 * to put the notice away, and to load it again when `onRetry` is given (LazyPart). Without it,
 * the visitor's next request for the dialog loads it again.
 */
export function LoadFailureNotice({ message, onRetry, onDismiss }: { message: string; onRetry?(): void; onDismiss(): void }) {
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.message}>{message}</p>
      {onRetry && (
        <button type="button" className={styles.action} onClick={onRetry}>
          Try again
        </button>
      )}
      <button type="button" className={styles.action} onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
