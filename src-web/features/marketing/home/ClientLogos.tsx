import { useState } from 'react';
import clients from '../../../../content/marketing/clients.json';
import home from '../../../../content/marketing/home.json';
import { cx } from '../../../components/button-styles.ts';
import shared from '../shared/marketing.module.css';
import styles from './ClientLogos.module.css';

type Client = (typeof clients.clients)[number];

/** A client's logo, or its name as text when the image cannot be loaded, so a missing file never leaves a hole. */
function ClientLogo({ client }: { client: Client }) {
  const [failed, setFailed] = useState(false);
  return (
    <li className={styles.logo}>
      {failed ? (
        <span className={styles.name}>{client.name}</span>
      ) : (
        <img
          src={client.logo}
          alt={client.name}
          width={client.width}
          height={client.height}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </li>
  );
}

/**
 * The scrolling 'Trusted by Industry Leaders' bar. The list is drawn twice so the scroll
 * loops without a seam; the copy is hidden from assistive technology. The scroll pauses on
 * hover and stops for visitors who ask for reduced motion.
 */
export function ClientLogos() {
  const list = (copy: boolean) => (
    <ul
      className={cx(styles.list, copy && styles.copy)}
      aria-hidden={copy || undefined}
      aria-label={copy ? undefined : 'Our clients'}
    >
      {clients.clients.map((client) => (
        <ClientLogo key={client.name} client={client} />
      ))}
    </ul>
  );
  return (
    <section className={styles.bar} aria-labelledby="clients-heading">
      <h2 id="clients-heading" className={cx(shared.sectionHeading, styles.inset)}>
        {home.clients.heading}
      </h2>
      <p className={cx(shared.sectionIntro, styles.inset)}>{home.clients.note}</p>
      <div className={styles.marquee}>
        <div className={styles.track}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </section>
  );
}
