import about from '../../../../content/marketing/about.json';
import { cx } from '../../../components/button-styles.ts';
import { usePageMeta } from '../../../components/seo.tsx';
import shared from '../shared/marketing.module.css';
import { PageHeader } from '../shared/PageHeader.tsx';
import styles from './AboutPage.module.css';

/** The About Us page: the company's story and an image. */
export function AboutPage() {
  usePageMeta(about.seo);
  return (
    <>
      <PageHeader title={about.heading}>{about.lead}</PageHeader>
      <section className={shared.section} aria-label="Our story">
        <div className={cx(shared.container, styles.story)}>
          <div className={shared.prose}>
            {about.story.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <img
            className={styles.image}
            src={about.image.src}
            alt={about.image.alt}
            width={about.image.width}
            height={about.image.height}
            decoding="async"
          />
        </div>
      </section>
      <section className={cx(shared.section, shared.sectionAlt)} aria-labelledby="values-heading">
        <div className={shared.container}>
          <dl className={shared.stats}>
            {about.stats.map((stat) => (
              <div key={stat.label} className={shared.stat}>
                <dt className={shared.statLabel}>{stat.label}</dt>
                <dd className={shared.statValue}>{stat.value}</dd>
              </div>
            ))}
          </dl>
          <h2 id="values-heading" className={cx(shared.sectionHeading, styles.valuesHeading)}>
            What we stand for
          </h2>
          <ul className={cx(shared.grid, styles.values)}>
            {about.values.map((value) => (
              <li key={value.title} className={shared.card}>
                <h3>{value.title}</h3>
                <p>{value.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
