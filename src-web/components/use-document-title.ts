import { useEffect } from 'react';

/** Sets the browser tab's title for the page on screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | HireAssist`;
  }, [title]);
}
