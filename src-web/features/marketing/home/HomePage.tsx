import { lazy, Suspense, useState } from 'react';
import company from '../../../../content/company.json';
import home from '../../../../content/marketing/home.json';
import { LoadFailureBoundary } from '../../../components/LoadFailureBoundary.tsx';
import { JsonLd, usePageMeta } from '../../../components/seo.tsx';
import { usePublicConfig } from '../../../components/public-config.ts';
import { usePrerendering } from '../../../prerender/use-prerendering.ts';
import { Hero } from './Hero.tsx';
import styles from './HomePage.module.css';
import { IntroVideo } from './IntroVideo.tsx';
import { useNearViewport } from './use-near-viewport.ts';

const HomeSections = lazy(() => import('./HomeSections.tsx').then((module) => ({ default: module.HomeSections })));

/** The company for search engines (schema.org Organization), from content/company.json. */
function organization(siteUrl: string): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name: company.name,
    url: siteUrl,
    logo: `${siteUrl}/favicon.svg`,
    description: home.seo.description,
    email: company.email,
    telephone: company.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: 'US',
    },
    sameAs: company.social.map((profile) => profile.url),
  };
}

/**
 * The lower sections' markup as the build wrote it into this page's HTML, read from the
 * prerendered preview (vite.config.ts marks it data-prerendered) while it is still in the
 * document, i.e. during the app's first render. Empty when the visitor came to the home page
 * inside the app: then there is nothing to keep, and the sections render as they come near.
 */
function prerenderedSections(): string {
  return document.querySelector('[data-prerendered] [data-home-sections]')?.innerHTML ?? '';
}

/**
 * The home page: hero, intro video, then the key features, how it works, testimonials and
 * client logos. The build prerenders them all, so crawlers and visitors without JavaScript
 * read the whole page. In the browser the lower sections' code (and their carousels and
 * images) loads only as the visitor scrolls towards them, so it never holds up the first
 * screen; until it has loaded, their prerendered markup stays on the page as it is.
 */
export function HomePage() {
  usePageMeta(home.seo);
  const config = usePublicConfig();
  const siteUrl = config.status === 'ready' ? config.config.siteUrl : window.location.origin;
  const prerendering = usePrerendering();
  const [belowFoldRef, nearViewport] = useNearViewport<HTMLDivElement>('300px 0px');
  const [prerendered] = useState(() => (prerendering ? '' : prerenderedSections()));
  const prerenderedCopy = prerendered ? (
    <div className={styles.prerendered} dangerouslySetInnerHTML={{ __html: prerendered }} />
  ) : null;

  return (
    <>
      <JsonLd data={organization(siteUrl)} />
      <Hero />
      <IntroVideo />
      <div ref={belowFoldRef} className={styles.belowFold} data-home-sections="">
        {/* useNearViewport turns true in a transition: React keeps the prerendered copy on screen
            while the sections' code loads, then swaps in the live sections. Should that code not
            arrive, the prerendered copy stays, without its carousels' motion. */}
        <LoadFailureBoundary fallback={prerenderedCopy}>
          <Suspense>{prerendering || nearViewport ? <HomeSections /> : prerenderedCopy}</Suspense>
        </LoadFailureBoundary>
      </div>
    </>
  );
}
