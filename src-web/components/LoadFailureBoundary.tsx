import { Component, type ReactNode } from 'react';

interface LoadFailureBoundaryProps {
  /** Shown in the part's place once it has failed. */
  fallback: ReactNode;
  onFailure?(): void;
  children: ReactNode;
}

/**
 * Keeps the failure of one lazily loaded part (its code not arriving: a dropped connection, or
 * a deployment that replaced the file) to that part. Without it the error reaches the route's
 * error screen, which replaces the whole page and whatever the visitor had typed into it.
 * Mount a new one (a new key) with a new lazy component to try again: React keeps a failed
 * lazy component failed.
 */
export class LoadFailureBoundary extends Component<LoadFailureBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // React itself reports the error to the console (createRoot's default onCaughtError).
  override componentDidCatch() {
    this.props.onFailure?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
