import { MailIcon } from '../../../components/page-icons.tsx';
import styles from './ContactCard.module.css';

/** A heading, a sentence and a mail link: how to reach the right team from a public page. */
export function ContactCard({ heading, text, email }: { heading: string; text: string; email: string }) {
  return (
    <section className={styles.card} aria-labelledby="contact-card-heading">
      <span className={styles.icon}>
        <MailIcon size={24} />
      </span>
      <div>
        <h2 id="contact-card-heading">{heading}</h2>
        <p>{text}</p>
        <a className={styles.email} href={`mailto:${email}`}>
          {email}
        </a>
      </div>
    </section>
  );
}
