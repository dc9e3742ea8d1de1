import company from '../../../content/company.json';
import { BUSINESS_HOURS, MARKETING_FIGURES } from '../../../src-shared/domain/constants.ts';
import styles from './ContactPage.module.css';

/** Contact details (email, phone, the Florida address, business hours, from content/company.json). */
export function ContactInfo() {
  const { address } = company;
  return (
    <aside className={styles.info} aria-labelledby="contact-info-title">
      <h2 id="contact-info-title" className={styles.cardTitle}>
        Get in touch
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${company.phone.replace(/[^+\d]/g, '')}`}>{company.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Office</dt>
          <dd>
            <address className={styles.address}>
              {address.street}
              <br />
              {address.city}, {address.region} {address.postalCode}
              <br />
              {address.country}
            </address>
          </dd>
        </div>
        <div>
          <dt>Business hours</dt>
          <dd>{BUSINESS_HOURS.contactPage}</dd>
        </div>
      </dl>
      <p className={styles.demoNote}>
        Want to see HireAssist on your own open role? Write “Demo Request” as the subject and we’ll book a{' '}
        {MARKETING_FIGURES.demoMinutes}-minute demo with you.
      </p>
    </aside>
  );
}
