import company from '../../../content/company.json';
import { AFFILIATE_PROGRAM } from '../../../src-shared/domain/constants.ts';
import buttons from '../../components/button.module.css';
import { usePageMeta } from '../../components/seo.tsx';
import { HERO_CHIPS, HOW_IT_WORKS, REQUIREMENTS, TIER_BONUSES, WHY_JOIN } from './affiliate-content.ts';
import { AffiliateForm } from './AffiliateForm.tsx';
import styles from './AffiliatesPage.module.css';

/** /affiliates: the program, its tiers and the application form. */
export function Component() {
  usePageMeta({
    title: 'Affiliate Program',
    description: `Earn up to $${AFFILIATE_PROGRAM.maxEarningPerSaleUsd} per sale referring hiring teams to HireAssist. Recurring revenue, no earning limits.`,
  });
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.heroTitle}>Affiliate Program</h1>
        <p className={styles.heroLead}>
          Partner with HireAssist and earn commissions by introducing employers and hiring teams to AI-powered recruiting.
        </p>
        <ul className={styles.chips} aria-label="Program highlights">
          {HERO_CHIPS.map((chip) => (
            <li key={chip} className={styles.chip}>
              {chip}
            </li>
          ))}
        </ul>
        <a href="#apply" className={`${buttons.base} ${buttons.large} ${styles.heroButton}`}>
          Apply Now
        </a>
      </header>

      <section className={styles.section} aria-labelledby="tiers-title">
        <h2 id="tiers-title" className={styles.sectionTitle}>
          Commission Tiers
        </h2>
        <p className={styles.sectionIntro}>The more teams you refer each month, the higher your rate.</p>
        <div className={styles.tiers}>
          {AFFILIATE_PROGRAM.tiers.map((tier) => (
            <article key={tier.name} className={styles.tier} data-tier={tier.name.split(' ')[0]?.toLowerCase()}>
              <h3 className={styles.tierName}>{tier.name}</h3>
              <p className={styles.tierRate}>
                <strong>{tier.commissionPercent}%</strong> commission
              </p>
              <p className={styles.tierReferrals}>{tier.referralsPerMonth} referrals per month</p>
              <ul className={styles.bonuses}>
                {TIER_BONUSES[tier.name].map((bonus) => (
                  <li key={bonus}>{bonus}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className={`${styles.section} ${styles.alt}`} aria-labelledby="why-title">
        <h2 id="why-title" className={styles.sectionTitle}>
          Why Join
        </h2>
        <div className={styles.grid}>
          {WHY_JOIN.map((reason) => (
            <article key={reason.title} className={styles.card}>
              <h3>{reason.title}</h3>
              <p>{reason.description}</p>
            </article>
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.columns}>
          <div aria-labelledby="requirements-title">
            <h2 id="requirements-title" className={styles.sectionTitleLeft}>
              Partner Requirements
            </h2>
            <ul className={styles.checklist}>
              {REQUIREMENTS.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ul>
          </div>
          <div aria-labelledby="how-title">
            <h2 id="how-title" className={styles.sectionTitleLeft}>
              How It Works
            </h2>
            <ol className={styles.steps}>
              {HOW_IT_WORKS.map((step) => (
                <li key={step.title}>
                  <strong>{step.title}</strong>
                  <span>{step.description}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section id="apply" className={`${styles.section} ${styles.alt}`} aria-labelledby="apply-title">
        <h2 id="apply-title" className={styles.sectionTitle}>
          Apply to Become a Partner
        </h2>
        <p className={styles.sectionIntro}>Tell us about yourself and your audience. Fields marked * are required.</p>
        <AffiliateForm />
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to Start Earning?</h2>
        <p>Questions about the program before you apply? Our affiliate team is happy to help.</p>
        <a href={`mailto:${company.affiliatesEmail}`} className={`${buttons.base} ${buttons.large} ${styles.ctaButton}`}>
          Contact Our Affiliate Team
        </a>
      </section>
    </div>
  );
}
