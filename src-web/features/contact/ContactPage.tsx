import { useLocation } from 'react-router-dom';
import { MARKETING_FIGURES } from '../../../src-shared/domain/constants.ts';
import { usePageMeta } from '../../components/seo.tsx';
import { PageHeader } from '../marketing/shared/PageHeader.tsx';
import { ContactForm } from './ContactForm.tsx';
import { ContactInfo } from './ContactInfo.tsx';
import styles from './ContactPage.module.css';

/** A subject handed over by the page before, e.g. 'Demo Request' from 'Schedule a Demo'. */
function subjectFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { subject } = state as { subject?: unknown };
  return typeof subject === 'string' ? subject : '';
}

/** /contact: the message form beside the company's contact details. */
export function ContactPage() {
  const location = useLocation();
  usePageMeta({
    title: 'Contact Us',
    description: `Send HireAssist a message, ask about pricing or book a ${MARKETING_FIGURES.demoMinutes}-minute demo. Based in Tampa, Florida.`,
  });
  return (
    <>
      <PageHeader title="Contact Us">
        Questions about the platform, pricing or a {MARKETING_FIGURES.demoMinutes}-minute demo? Send us a message and our team
        will get back to you.
      </PageHeader>
      <div className={styles.page}>
        <div className={styles.layout}>
          {/* A new visit with a new subject starts a fresh form. */}
          <ContactForm key={location.key} initialSubject={subjectFrom(location.state)} />
          <ContactInfo />
        </div>
      </div>
    </>
  );
}
