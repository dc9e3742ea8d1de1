import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders.tsx';
import { installFocusVisibleAttribute } from './app/focus-visible.ts';
import './app/global.css';
import { router } from './app/router.tsx';
import { startBrowserVersionCheck } from './features/version-check/version-check.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

installFocusVisibleAttribute(document);

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

startBrowserVersionCheck();
