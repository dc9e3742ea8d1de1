import './browser-globals.ts';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '../app/router.tsx';
import type { PageHead } from '../../src-shared/domain/route-assets.ts';
import { PrerenderedPageMetaContext } from '../components/seo.tsx';

/** A prerendered page: its markup, and its head as the page sets it (none for a page that sets none). */
interface PrerenderedPage {
  markup: string;
  meta: PageHead | undefined;
}

/**
 * The markup of `pathname`'s page (layout and page) as the app first renders it, for the
 * build to write into the page's HTML (vite.config.ts): the page paints before its code runs,
 * and the app then renders it in place (src-web/main.tsx). Rendered with react-dom/static,
 * which waits for every lazy part the page renders (the home page's lower sections) instead
 * of writing its loading fallback as renderToString would. With it, the head the page sets
 * (seo.tsx), which the build records.
 */
export async function prerenderPage(pathname: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost/')));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  let meta: PageHead | undefined;
  const page = (
    <PrerenderedPageMetaContext value={(pageMeta) => (meta = pageMeta)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PrerenderedPageMetaContext>
  );
  const { prelude } = await prerenderToNodeStream(page, {
    // Every part inline, in place: React would otherwise write a large part (the home page's lower
    // sections) after the page, hidden, for a script to move, which neither crawlers nor visitors
    // without JavaScript run.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // An error inside a Suspense boundary would only leave that part out of the HTML: the build fails instead.
    onError: (error) => {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array | string));
  if (errors.length > 0) throw new Error(`${pathname} failed to prerender`, { cause: errors[0] });
  return { markup: Buffer.concat(chunks).toString('utf8'), meta };
}
