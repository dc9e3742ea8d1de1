import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { PAGES, type Page } from './pages.ts';

/** Loaded only when something fails: it uses Fluent's Button and provider, which no first load needs. */
const ErrorFallback = lazy(() => import('./error/ErrorFallback.tsx').then((module) => ({ default: module.ErrorFallback })));

type LazyRoute = NonNullable<RouteObject['lazy']>;
type LoadedRoute = Awaited<ReturnType<Extract<LazyRoute, (...args: never[]) => unknown>>>;

/**
 * The page modules, each a lazy chunk of its own. Vite code-splits only on import strings it
 * can read, so the router names them by a glob rather than from PAGES' strings; PAGES says which
 * path loads which of them (a test checks that every module it names is one of these).
 */
const pageModules = import.meta.glob<Record<string, unknown>>(['../features/**/*Page.tsx', '../features/**/*Pages.tsx']);

/** The route of one page of PAGES: its module, loaded when the page is first visited. */
function pageRoute({ path, module, component }: Page): RouteObject {
  const load = pageModules[module];
  if (!load) throw new Error(`router: ${path}'s module ${module} is not one of the page modules`);
  const lazy: LazyRoute = async () => {
    const loaded = await load();
    // A module without a named component is a lazy route module: React Router reads it as it is.
    return component ? { Component: loaded[component] as ComponentType } : (loaded as LoadedRoute);
  };
  // Case-sensitive as the server is (pagePatternOf): /Contact answers 404, and shows the not-found
  // page rather than the contact page under a second address.
  return { path, lazy, caseSensitive: true };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: (
      <Suspense>
        <ErrorFallback />
      </Suspense>
    ),
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...PAGES.map(pageRoute),
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/not-found/NotFoundPage.tsx')).NotFoundPage }),
      },
    ],
  },
];

/**
 * The router, created once the current page's code has loaded, so that its first render is the
 * page itself: not the loading fallback, which would replace the page painted from the HTML and
 * paint it a second time later. The loaded route keeps what it loaded (no second import when
 * the router starts); if the import fails the route stays lazy and the router reports the error.
 */
export async function createRouter() {
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // Left lazy: the router imports it again and shows the error element if it fails again.
      }
    }),
  );
  return createBrowserRouter(routes);
}
