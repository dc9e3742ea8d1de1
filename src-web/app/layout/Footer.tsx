import { useState } from 'react';
import { Link } from 'react-router-dom';
import company from '../../../content/company.json';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { ShieldCheckmarkIcon } from '../../components/icons.tsx';
import { LazyPart } from '../../components/LazyPart.tsx';
import { retryableLazy } from '../../components/retryable-lazy.ts';
import styles from './Footer.module.css';
import { SocialIcon } from './SocialIcon.tsx';

const guaranteeDialog = retryableLazy(() => import('./GuaranteeDialog.tsx').then((module) => module.GuaranteeDialog));

/** The footer's link groups, each a labelled navigation list, rendered by one loop. */
const LINK_GROUPS = [
  {
    id: 'footer-company',
    heading: 'Company',
    links: [
      { label: 'About Us', to: PATHS.about },
      { label: 'Jobs', to: PATHS.careers },
      { label: 'Press', to: PATHS.press },
      { label: 'Blog', to: PATHS.blog },
      { label: 'Affiliate Program', to: PATHS.affiliates },
    ],
  },
  {
    id: 'footer-product',
    heading: 'Product',
    links: [
      { label: 'Features', to: PATHS.features },
      { label: 'How It Works', to: PATHS.howItWorks },
      { label: 'Testimonials', to: PATHS.testimonials },
      { label: 'Pricing', to: PATHS.pricing },
      { label: 'Contact Us', to: PATHS.contact },
    ],
  },
] as const;

export function Footer() {
  const [guaranteeOpen, setGuaranteeOpen] = useState(false);
  const closeGuarantee = () => setGuaranteeOpen(false);
  const { address } = company;
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {company.name}
          </h2>
          <p className={styles.text}>{company.tagline}</p>
          <button type="button" className={cx(buttonClasses.base, styles.guarantee)} onClick={() => setGuaranteeOpen(true)}>
            <ShieldCheckmarkIcon />
            {company.guarantee.title}
          </button>
          {guaranteeOpen && (
            <LazyPart
              part={guaranteeDialog}
              props={{ onClose: closeGuarantee }}
              failure="The hiring guarantee could not be loaded. Check your connection and try again."
              onDismiss={closeGuarantee}
            />
          )}
        </section>
        {LINK_GROUPS.map((group) => (
          <nav key={group.id} aria-labelledby={group.id}>
            <h2 id={group.id} className={styles.heading}>
              {group.heading}
            </h2>
            <ul className={styles.list}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link className={styles.link} to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact
          </h2>
          <address className={cx(styles.text, styles.address)}>
            <a className={styles.link} href={`mailto:${company.email}`}>
              {company.email}
            </a>
            <br />
            <a className={styles.link} href={`tel:${company.phone.replace(/[^+\d]/g, '')}`}>
              {company.phone}
            </a>
            <br />
            {address.street}
            <br />
            {address.city}, {address.region} {address.postalCode}
          </address>
          <div className={styles.social}>
            {company.social.map((profile) => (
              <a
                key={profile.network}
                className={styles.link}
                href={profile.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`HireAssist on ${profile.network}`}
              >
                <SocialIcon network={profile.network} />
              </a>
            ))}
          </div>
        </section>
      </div>
      <div className={styles.bottom}>
        <span>
          © {new Date().getFullYear()} {company.name}. All rights reserved.
        </span>
        <span className={styles.legal}>
          <a className={styles.link} href={company.legal.privacyPolicy} target="_blank" rel="noopener">
            Privacy Policy (PDF)
          </a>
          <a className={styles.link} href={company.legal.termsOfService} target="_blank" rel="noopener">
            Terms of Service (PDF)
          </a>
        </span>
      </div>
    </footer>
  );
}
