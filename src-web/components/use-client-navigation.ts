import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Click handler for a real link (`<a href>`) that moves inside the app without a page
 * load, handing the next page `state` (router state) when given. The href still serves
 * crawlers, and modified clicks still open a new tab (without the state, as a direct visit).
 */
export function useClientNavigation(): (to: string, state?: unknown) => (event: MouseEvent) => void {
  const navigate = useNavigate();
  return (to, state) => (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to, state === undefined ? undefined : { state });
  };
}
