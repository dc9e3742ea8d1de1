import { startTransition, StrictMode } from 'react';
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

// Not a top-level await: with one, the bundler splits the entry into many small chunks.
void createRouter().then((router) => {
  // A transition renders in slices that yield to the browser, so the first render is not one
  // long task blocking input (Total Blocking Time); what the HTML painted stays until it commits.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});

// The version check starts once the page has loaded, so its request does not compete with the
// page's own; its code is fetched then too, not with the first load's JavaScript.
const startVersionCheck = () =>
  void import('./features/version-check/version-check.ts').then((module) => module.startBrowserVersionCheck());
if (document.readyState === 'complete') startVersionCheck();
else window.addEventListener('load', startVersionCheck, { once: true });
