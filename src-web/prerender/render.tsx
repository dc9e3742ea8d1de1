import './browser-globals.ts';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '../app/router.tsx';

/**
 * The markup of `pathname`'s page (layout and page) as the app first renders it, for the
 * build to write into the page's HTML (vite.config.ts): the page paints before its code runs,
 * and the app then renders it in place (src-web/main.tsx).
 */
export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost/')));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
