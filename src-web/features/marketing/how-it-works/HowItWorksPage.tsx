import howItWorks from '../../../../content/marketing/how-it-works.json';
import { cx } from '../../../components/button-styles.ts';
import { usePageMeta } from '../../../components/seo.tsx';
import { FeatureIcon, accentAt } from '../shared/FeatureIcon.tsx';
import shared from '../shared/marketing.module.css';
import { PageHeader } from '../shared/PageHeader.tsx';
import { ScheduleDemoButton } from '../shared/ScheduleDemoButton.tsx';
import { ComparisonTable } from './ComparisonTable.tsx';
import styles from './HowItWorksPage.module.css';

/**
 * The How It Works page: the five steps in order (cards side by side on wide
 * screens, a vertical stepper on narrow ones; one list styled two ways), the demo button
 * and the comparison with a networking recruiter seat and job boards.
 */
export function HowItWorksPage() {
  usePageMeta(howItWorks.seo);
  const { demo, comparison } = howItWorks;
  return (
    <>
      <PageHeader title={howItWorks.heading}>{howItWorks.intro}</PageHeader>

      <section className={shared.section} aria-label="The five steps">
        <ol className={cx(shared.container, styles.steps)}>
          {howItWorks.steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.marker} aria-hidden>
                {index + 1}
              </span>
              <div className={styles.body}>
                <FeatureIcon name={step.icon} color={accentAt(index)} />
                <h2>
                  <span className="visually-hidden">Step {index + 1}: </span>
                  {step.title}
                </h2>
                <p>{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className={shared.ctaBand} aria-labelledby="demo-heading">
        <h2 id="demo-heading">{demo.heading}</h2>
        <p>{demo.text}</p>
        <ScheduleDemoButton label={demo.button} className={shared.ctaButton} />
      </section>

      <section className={cx(shared.section, shared.sectionAlt)} aria-labelledby="comparison-heading">
        <div className={shared.container}>
          <h2 id="comparison-heading" className={shared.sectionHeading}>
            {comparison.heading}
          </h2>
          <p className={shared.sectionIntro}>{comparison.text}</p>
          <ComparisonTable />
        </div>
      </section>
    </>
  );
}
