import { useNavigate } from 'react-router-dom';
import pricing from '../../../content/marketing/pricing.json';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { CheckmarkIcon } from '../../components/page-icons.tsx';
import styles from './PricingPage.module.css';

type Plan = (typeof pricing.plans)[number];

/**
 * The built-in plans table (content/marketing/pricing.json), used when Stripe's pricing table
 * is not configured. Choosing a plan takes a signed-in customer to our sales team with the
 * plan named, since there is no checkout without Stripe. Locked, the plans stay readable (to a
 * screen reader too) and only their buttons are disabled.
 */
export function PlansTable({ locked }: { locked: boolean }) {
  const navigate = useNavigate();
  const choose = (plan: Plan) =>
    void navigate(PATHS.contact, { state: { subject: `${pricing.planChosenSubject}: ${plan.name}` } });
  return (
    <ul className={styles.plans}>
      {pricing.plans.map((plan) => (
        <li key={plan.id} className={cx(styles.plan, 'highlight' in plan && styles.featured)}>
          {'highlight' in plan && <span className={styles.badge}>{plan.highlight}</span>}
          <h2 className={styles.planName}>{plan.name}</h2>
          <p className={styles.planDescription}>{plan.description}</p>
          <p className={styles.price}>
            <span className={styles.amount}>{plan.price}</span> <span className={styles.period}>{plan.period}</span>
          </p>
          <ul className={styles.features}>
            {plan.features.map((feature) => (
              <li key={feature}>
                <CheckmarkIcon className={styles.check} />
                {feature}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={cx(
              buttonClasses.base,
              buttonClasses.large,
              'highlight' in plan ? buttonClasses.primary : buttonClasses.outline,
            )}
            disabled={locked}
            onClick={() => choose(plan)}
          >
            {plan.cta}
          </button>
        </li>
      ))}
    </ul>
  );
}
