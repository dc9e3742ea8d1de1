import testimonials from '../../../../content/marketing/testimonials.json';
import { cx } from '../../../components/button-styles.ts';
import { usePageMeta } from '../../../components/seo.tsx';
import shared from '../shared/marketing.module.css';
import { PageHeader } from '../shared/PageHeader.tsx';
import { ScheduleDemoButton } from '../shared/ScheduleDemoButton.tsx';
import { TestimonialCard } from '../shared/TestimonialCard.tsx';
import styles from './TestimonialsPage.module.css';

/** The Testimonials page: four clients, each with avatar, name, position, 5-star rating and quote. */
export function TestimonialsPage() {
  usePageMeta(testimonials.seo);
  return (
    <>
      <PageHeader title={testimonials.heading}>{testimonials.intro}</PageHeader>
      <section className={shared.section} aria-label="Client testimonials">
        <ul className={styles.grid}>
          {testimonials.items.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} headingLevel={2} />
            </li>
          ))}
        </ul>
        <p className={shared.note}>{testimonials.note}</p>
        <div className={cx(shared.actions, styles.demo)}>
          <ScheduleDemoButton />
        </div>
      </section>
    </>
  );
}
