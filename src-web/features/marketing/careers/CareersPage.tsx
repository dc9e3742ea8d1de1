import company from '../../../../content/company.json';
import careers from '../../../../content/marketing/careers.json';
import { INTERFACE } from '../../../../src-shared/domain/constants.ts';
import { cx } from '../../../components/button-styles.ts';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { OpenIcon } from '../../../components/page-icons.tsx';
import { usePublicConfig } from '../../../components/public-config.ts';
import { usePageMeta } from '../../../components/seo.tsx';
import { ContactCard } from '../shared/ContactCard.tsx';
import shared from '../shared/marketing.module.css';
import { PageHeader } from '../shared/PageHeader.tsx';
import styles from './CareersPage.module.css';

/** The Jobs page (spec §2 Careers): the external job portal, 800 px tall, and the careers email. */
export function CareersPage() {
  usePageMeta(careers.seo);
  const config = usePublicConfig();
  const height = INTERFACE.careersIframeHeightPx;
  return (
    <>
      <PageHeader title={careers.heading}>{careers.intro}</PageHeader>
      <section className={shared.section} aria-label="Open positions">
        <div className={cx(shared.container, styles.portal)} style={{ height }}>
          {config.status === 'ready' ? (
            <iframe
              className={styles.frame}
              src={config.config.marketing.careersPortalUrl}
              title={careers.portalTitle}
              height={height}
            />
          ) : config.status === 'loading' ? (
            <PageSpinner label="Loading open positions…" />
          ) : (
            <p className={styles.error} role="alert">
              The job portal could not be loaded. Please email us instead, or try again later.
            </p>
          )}
        </div>
        {config.status === 'ready' && (
          <p className={styles.newTab}>
            <a href={config.config.marketing.careersPortalUrl} target="_blank" rel="noopener noreferrer">
              Open the job portal in a new tab
              <OpenIcon />
            </a>
          </p>
        )}
      </section>
      <div className={cx(shared.section, shared.sectionAlt)}>
        <ContactCard heading={careers.contactHeading} text={careers.contactText} email={company.careersEmail} />
      </div>
    </>
  );
}
