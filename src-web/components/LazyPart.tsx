import { Suspense, useState } from 'react';
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
}

/**
 * A part loaded when first shown (a dialog, a menu, a panel) whose code not arriving leaves the
 * rest of the page as it was: a notice takes its place, whose Try again loads the part again
 * (once the connection is back, or the new deployment's file is there). The auth dialog and
 * the chat panel keep their own: they try again at their next opening.
 */
export function LazyPart<P extends object>({ part, props, failure, onDismiss }: LazyPartProps<P>) {
  const [load, setLoad] = useState({ attempt: 0, state: 'loading' });
  if (load.state === 'dismissed') return null;
  if (load.state === 'failed') {
    return (
      <LoadFailureNotice
        message={failure}
        onRetry={() => setLoad({ attempt: load.attempt + 1, state: 'loading' })}
        onDismiss={onDismiss ?? (() => setLoad({ ...load, state: 'dismissed' }))}
      />
    );
  }
  const failed = () => {
    part.reloadNext();
    setLoad({ ...load, state: 'failed' });
  };
  return (
    <LoadFailureBoundary key={load.attempt} onFailure={failed} fallback={null}>
      <Suspense>
        <part.Part {...props} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
