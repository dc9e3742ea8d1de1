import company from '../../../../content/company.json';
import careers from '../../../../content/marketing/careers.json';
import { useRef } from 'react';
import { INTERFACE } from '../../../../src-shared/domain/constants.ts';
import { buttonClasses, cx } from '../../../components/button-styles.ts';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { OpenIcon } from '../../../components/page-icons.tsx';
import { usePublicConfig } from '../../../components/public-config.ts';
import { usePageMeta } from '../../../components/seo.tsx';
import { useEmbedFailure } from '../../../components/use-embed-failure.ts';
import { ContactCard } from '../shared/ContactCard.tsx';
import shared from '../shared/marketing.module.css';
import { PageHeader } from '../shared/PageHeader.tsx';
import styles from './CareersPage.module.css';

/**
 * The Jobs page: the external job portal, 800 px tall, and the careers email. When the portal
 * does not load, a fallback offers it in a new tab and the careers email instead.
 */
export function CareersPage() {
  usePageMeta(careers.seo);
  const config = usePublicConfig();
  const portalUrl = config.status === 'ready' ? config.config.marketing.careersPortalUrl : undefined;
  const frame = useRef<HTMLIFrameElement>(null);
  const failed = useEmbedFailure(frame, portalUrl);
  const height = INTERFACE.careersIframeHeightPx;
  return (
    <>
      <PageHeader title={careers.heading}>{careers.intro}</PageHeader>
      <section className={shared.section} aria-label="Open positions">
        <div className={cx(shared.container, styles.portal)} style={{ height }}>
          {config.status === 'loading' ? (
            <PageSpinner label="Loading open positions…" />
          ) : portalUrl && !failed ? (
            <iframe className={styles.frame} src={portalUrl} title={careers.portalTitle} height={height} ref={frame} />
          ) : (
            <div className={styles.fallback} role="alert">
              <h2>{careers.portalFailed}</h2>
              <p>{careers.portalFailedText}</p>
              {portalUrl && (
                <a
                  className={cx(buttonClasses.base, buttonClasses.primary)}
                  href={portalUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Open in New Tab
                  <OpenIcon />
                </a>
              )}
              <a className={styles.email} href={`mailto:${company.careersEmail}`}>
                {company.careersEmail}
              </a>
            </div>
          )}
        </div>
        {portalUrl && !failed && (
          <p className={styles.newTab}>
            <a href={portalUrl} target="_blank" rel="noopener noreferrer">
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
