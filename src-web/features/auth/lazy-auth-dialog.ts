import { lazy } from 'react';

/**
 * The authentication dialog, loaded when first opened. The app hands it to AuthProvider, so the
 * session module does not import the dialog whose forms import the session (no import circle).
 */
export const LazyAuthDialog = lazy(() => import('./AuthDialog.tsx').then((module) => ({ default: module.AuthDialog })));
