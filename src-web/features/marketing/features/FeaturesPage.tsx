import features from '../../../../content/marketing/features.json';
import { cx } from '../../../components/button-styles.ts';
import { CheckmarkIcon, TrophyIcon } from '../../../components/page-icons.tsx';
import { usePageMeta } from '../../../components/seo.tsx';
import { FeatureIcon } from '../shared/FeatureIcon.tsx';
import shared from '../shared/marketing.module.css';
import { PageHeader } from '../shared/PageHeader.tsx';
import { ScheduleDemoButton } from '../shared/ScheduleDemoButton.tsx';
import styles from './FeaturesPage.module.css';
import { splitFeatureText } from './split-feature-text.ts';

/** The Features page: intro, feature cards, the firm's rankings and the benefits grid. */
export function FeaturesPage() {
  usePageMeta(features.seo);
  const { rankings } = features;
  return (
    <>
      <PageHeader title={features.heading}>{features.intro}</PageHeader>

      <section className={shared.section} aria-labelledby="cards-heading">
        <div className={shared.container}>
          <h2 id="cards-heading" className={shared.sectionHeading}>
            {features.cardsHeading}
          </h2>
          <ul className={cx(shared.grid, styles.cards)}>
            {features.cards.map((card) => {
              const { title, description } = splitFeatureText(card.text);
              return (
                <li key={title} className={shared.card}>
                  <FeatureIcon name={card.icon} color={card.color} />
                  <h3>{title}</h3>
                  <p>{description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className={styles.rankings} aria-labelledby="rankings-heading">
        <div className={cx(shared.container, styles.rankingsInner)}>
          <div>
            <span className={styles.trophy}>
              <TrophyIcon size={32} />
            </span>
            <h2 id="rankings-heading">{rankings.heading}</h2>
            <p>{rankings.text}</p>
          </div>
          <dl className={cx(shared.stats, styles.rankingStats)}>
            {rankings.items.map((item) => (
              <div key={item.label} className={shared.stat}>
                <dt>{item.label}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={cx(shared.section, shared.sectionAlt)} aria-labelledby="benefits-heading">
        <div className={shared.container}>
          <h2 id="benefits-heading" className={shared.sectionHeading}>
            {features.benefitsHeading}
          </h2>
          <ul className={cx(styles.benefits)}>
            {features.benefits.map((benefit) => (
              <li key={benefit.title} className={styles.benefit}>
                <span className={styles.check}>
                  <CheckmarkIcon />
                </span>
                <div>
                  <h3>{benefit.title}</h3>
                  <p>{benefit.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className={cx(shared.actions, styles.demo)}>
            <ScheduleDemoButton />
          </div>
        </div>
      </section>
    </>
  );
}
