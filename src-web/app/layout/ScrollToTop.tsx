import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every change of page starts at the top, as a fresh page load would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
