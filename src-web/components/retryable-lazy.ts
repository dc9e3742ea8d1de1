import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface RetryableLazy<P> {
  /** The component to render, read at each render. */
  readonly Part: LazyExoticComponent<ComponentType<P>>;
  /**
   * After a failed load (the onFailure of the LoadFailureBoundary around Part): the next mount
   * loads again. React keeps a lazy component that failed failed, so this puts a fresh one in
   * its place. Not done when the load fails: a Part that suspended before its first commit is
   * mounted anew by React, and would then load again, and fail again, without end.
   */
  reloadNext(): void;
}

/**
 * A component loaded when first rendered (a dialog, a panel) whose failed load does not break
 * it for good: the visitor asking for it again, under a new boundary, loads it again. A load
 * that succeeded keeps its component, which then never suspends again.
 */
export function retryableLazy<P extends object>(load: () => Promise<ComponentType<P>>): RetryableLazy<P> {
  const fresh = () => lazy(() => load().then((component) => ({ default: component })));
  let current = fresh();
  return {
    get Part() {
      return current;
    },
    reloadNext() {
      current = fresh();
    },
  };
}
