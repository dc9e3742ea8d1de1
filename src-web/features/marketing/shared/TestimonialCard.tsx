import { StarIcon } from '../../../components/page-icons.tsx';
import styles from './TestimonialCard.module.css';

export interface Testimonial {
  name: string;
  position: string;
  avatar: string;
  rating: number;
  quote: string;
}

const MAX_RATING = 5;

/** A read-only star rating, announced as one image ("Rated 5 out of 5"). */
function StarRating({ value }: { value: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${value} out of ${MAX_RATING}`}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <StarIcon key={index} size={20} opacity={index < value ? 1 : 0.25} />
      ))}
    </span>
  );
}

/** One client's testimonial: rating, quote, avatar, name and position. */
export function TestimonialCard({ testimonial, headingLevel = 3 }: { testimonial: Testimonial; headingLevel?: 2 | 3 }) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <figure className={styles.card}>
      <StarRating value={testimonial.rating} />
      <blockquote className={styles.quote}>“{testimonial.quote}”</blockquote>
      <figcaption className={styles.person}>
        <img className={styles.avatar} src={testimonial.avatar} alt="" width={56} height={56} loading="lazy" decoding="async" />
        <span>
          <Name className={styles.name}>{testimonial.name}</Name>
          <span className={styles.position}>{testimonial.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}
