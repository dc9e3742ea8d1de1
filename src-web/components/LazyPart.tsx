import { Suspense, useState, type ReactNode } from 'react';
import { LoadFailureBoundary } from './LoadFailureBoundary.tsx';
import { LoadFailureNotice } from './LoadFailureNotice.tsx';
import type { RetryableLazy } from './retryable-lazy.ts';

interface LazyPartProps<P> {
  part: RetryableLazy<P>;
  props: P;
  /** What the notice says in the part's place when its code did not arrive. */
  failure: string;
  /** The notice's Dismiss (a dialog: closing its opening); without it, the notice just goes. */
  onDismiss?(): void;
  /** Shown while its code arrives (the chat's 'Loading the assistant…'); nothing by default. */
  fallback?: ReactNode;
  /**
   * For a part that stays mounted while closed (the chat panel, whose conversation survives):
   * its notice shows while it is open, and opening it again after a failure loads it again.
   */
  open?: boolean;
  /** Told when its code did not arrive (the sign-in dialog closes its opening: the next Login is a fresh one). */
  onFailure?(): void;
  /** What Try again does instead of loading it in place (the sign-in dialog opens anew, and the new one loads). */
  onRetry?(): void;
}

/**
 * A part loaded when first shown (a dialog, a menu, a panel) whose code not arriving leaves the
 * rest of the page as it was: a notice takes its place, whose Try again loads the part again
 * (once the connection is back, or the new deployment's file is there).
 */
export function LazyPart<P extends object>({
  part,
  props,
  failure,
  onDismiss,
  fallback,
  open = true,
  onFailure,
  onRetry,
}: LazyPartProps<P>) {
  const [load, setLoad] = useState({ attempt: 0, state: 'loading', open });
  const again = () => setLoad({ attempt: load.attempt + 1, state: 'loading', open });
  // Opened or closed since the last render: adjusted here, not in an effect, so a reopened part
  // that had failed loads again without first showing its old notice.
  if (open !== load.open) {
    if (open && load.state !== 'loading') again();
    else setLoad({ ...load, open });
  }
  if (load.state !== 'loading') {
    return (
      open &&
      load.state === 'failed' && (
        <LoadFailureNotice
          message={failure}
          onRetry={onRetry ?? again}
          onDismiss={onDismiss ?? (() => setLoad({ ...load, state: 'dismissed' }))}
        />
      )
    );
  }
  const failed = () => {
    part.reloadNext();
    setLoad({ ...load, state: 'failed' });
    onFailure?.();
  };
  return (
    <LoadFailureBoundary key={load.attempt} onFailure={failed} fallback={null}>
      <Suspense fallback={fallback}>
        <part.Part {...props} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
