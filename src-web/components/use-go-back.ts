import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Goes back one page, as Close, Cancel and Back do; on the first page the app showed in this tab
 * (a new tab, a bookmark, a link from a mail) there is no page of ours behind it, and going back
 * would leave the site (or, in a new tab, show a blank page): it goes to `fallback` instead.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  // React Router names the entry it started on 'default'; every navigation since has its own key.
  const firstPage = useLocation().key === 'default';
  return useCallback(
    () => void (firstPage ? navigate(fallback, { replace: true }) : navigate(-1)),
    [firstPage, fallback, navigate],
  );
}
