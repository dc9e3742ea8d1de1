import { lazy, Suspense } from 'react';
import company from '../../../../content/company.json';
import home from '../../../../content/marketing/home.json';
import { JsonLd, usePageMeta } from '../../../components/seo.tsx';
import { usePublicConfig } from '../../../components/public-config.ts';
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
 * The home page: hero, intro video, then the key features, how it works,
 * testimonials and client logos. Those last sections load as the visitor scrolls towards
 * them, so they never hold up the first screen.
 */
export function HomePage() {
  usePageMeta(home.seo);
  const config = usePublicConfig();
  const siteUrl = config.status === 'ready' ? config.config.siteUrl : window.location.origin;
  const [belowFoldRef, showRest] = useNearViewport<HTMLDivElement>('300px 0px');

  return (
    <>
      <JsonLd data={organization(siteUrl)} />
      <Hero />
      <IntroVideo />
      <div ref={belowFoldRef} className={styles.belowFold}>
        {showRest && (
          <Suspense>
            <HomeSections />
          </Suspense>
        )}
      </div>
    </>
  );
}
