import type { ComponentType } from 'react';
import { RequireAuth } from './route-guards.tsx';

/** Wraps a signed-in page in its guard, for the router's lazy routes. */
export function guarded(Page: ComponentType): ComponentType {
  return function GuardedPage() {
    return (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  };
}
