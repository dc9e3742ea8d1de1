import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Click handler for a real link (`<a href>`) that moves inside the app without a page
 * load. The href still serves crawlers, and modified clicks still open a new tab.
 */
export function useClientNavigation(): (to: string) => (event: MouseEvent) => void {
  const navigate = useNavigate();
  return (to) => (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(to);
  };
}
