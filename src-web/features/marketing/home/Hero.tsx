import home from '../../../../content/marketing/home.json';
import { PATHS } from '../../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../../components/button-styles.ts';
import { ArrowRightIcon } from '../../../components/icons.tsx';
import { useClientNavigation } from '../../../components/use-client-navigation.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import shared from '../shared/marketing.module.css';
import styles from './HomePage.module.css';

const primaryLarge = cx(buttonClasses.base, buttonClasses.primary, buttonClasses.large);

/** The first screen: what HireAssist does, the call to action and the headline figures. */
export function Hero() {
  const { status, openAuthDialog, accessPartnerPlatform } = useAuth();
  const go = useClientNavigation();
  const { hero } = home;
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <p className={styles.eyebrow}>{hero.eyebrow}</p>
      <h1 id="hero-heading">{hero.heading}</h1>
      <p className={styles.heroLead}>{hero.lead}</p>
      <div className={shared.actions}>
        {status === 'signed-in' ? (
          <button type="button" className={primaryLarge} onClick={() => void accessPartnerPlatform()}>
            Access Platform
          </button>
        ) : (
          <button type="button" className={primaryLarge} onClick={() => openAuthDialog('signup')}>
            Get Started
          </button>
        )}
        <a
          className={cx(buttonClasses.base, buttonClasses.outline, buttonClasses.large)}
          href={PATHS.howItWorks}
          onClick={go(PATHS.howItWorks)}
        >
          {hero.secondaryLink}
          <ArrowRightIcon />
        </a>
      </div>
      <dl className={cx(shared.stats, styles.heroStats)}>
        {hero.stats.map((stat) => (
          <div key={stat.label} className={shared.stat}>
            <dt className={shared.statLabel}>{stat.label}</dt>
            <dd className={shared.statValue}>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
