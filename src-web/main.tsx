import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders.tsx';
import { installFocusVisibleAttribute } from './app/focus-visible.ts';
import { installAdminShortcut } from './features/admin-mode/admin-mode.ts';
import './app/global.css';
import { createRouter } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

installFocusVisibleAttribute(document);
installAdminShortcut(window);

/**
 * Starts the version check once the first page is on screen and the page has loaded, so neither
 * its request nor its code competes with the page's own (the load event alone can come before
 * the first render: the route's code is a dynamic import, which the event does not wait for).
 */
function VersionCheckAfterFirstRender() {
  useEffect(() => {
    const start = () =>
      void import('./features/version-check/version-check.ts').then((module) => module.startBrowserVersionCheck());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  return null;
}

// Not a top-level await: with one, the bundler splits the entry into many small chunks.
void createRouter().then((router) => {
  // A transition renders in slices that yield to the browser, so the first render is not one
  // long task blocking input (Total Blocking Time); what the HTML painted stays until it commits.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
          <VersionCheckAfterFirstRender />
        </AppProviders>
      </StrictMode>,
    );
  });
});
