import pricing from '../../../content/marketing/pricing.json';
import { PATHS } from '../../../src-shared/domain/routes.ts';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { LockIcon } from '../../components/page-icons.tsx';
import { usePublicConfig } from '../../components/public-config.ts';
import { usePageMeta } from '../../components/seo.tsx';
import { useClientNavigation } from '../../components/use-client-navigation.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { PageHeader } from '../marketing/shared/PageHeader.tsx';
import { PlansTable } from './PlansTable.tsx';
import styles from './PricingPage.module.css';
import { StripePricingTable, usePricingTableScript } from './StripePricingTable.tsx';
import { usePricingGate } from './use-pricing-gate.ts';

/**
 * The Pricing page: Stripe's pricing table when configured, else (and until the configuration
 * has arrived) our plans table. Signed-out visitors see the 'Sign Up Required' banner and a
 * fixed 'Sign Up' button, and the table is locked about a second after load; signed-in
 * customers use it directly.
 */
export function PricingPage() {
  usePageMeta(pricing.seo);
  const { status, user, openAuthDialog } = useAuth();
  const config = usePublicConfig();
  const gateClosed = usePricingGate(status);
  const go = useClientNavigation();
  const signUp = () => openAuthDialog('signup');
  const banner = pricing.signUpBanner;

  // Our plans until the configuration names Stripe's table: they are in the prerendered HTML,
  // so a crawler and a visitor without JavaScript read every plan and price, and the default
  // install (no Stripe) never shows a spinner in their place.
  const stripeTable = config.status === 'ready' ? config.config.marketing.stripePricingTable : null;
  const stripeScript = usePricingTableScript(stripeTable !== null);
  // Only a table is locked: Stripe's loading notice, or its failure and Try again, stay readable and usable.
  const locked = gateClosed && (!stripeTable || stripeScript.state === 'ready');
  const table = stripeTable ? (
    <StripePricingTable
      pricingTableId={stripeTable.pricingTableId}
      publishableKey={stripeTable.publishableKey}
      customer={user ? { id: user.id, email: user.email } : null}
      locked={locked}
      script={stripeScript}
    />
  ) : (
    <PlansTable locked={locked} />
  );

  return (
    <>
      <PageHeader title={pricing.heading}>{pricing.intro}</PageHeader>

      {/* The banner's place is kept while the session loads, so nothing below it moves. */}
      <div className={styles.bannerSlot} hidden={status === 'signed-in'}>
        {status === 'signed-out' && (
          <section className={styles.banner} aria-labelledby="signup-required">
            <LockIcon size={24} className={styles.bannerIcon} />
            <div>
              <h2 id="signup-required">{banner.title}</h2>
              <p>{banner.text}</p>
            </div>
            <button type="button" className={cx(buttonClasses.base, buttonClasses.primary)} onClick={signUp}>
              {banner.button}
            </button>
          </section>
        )}
      </div>

      <div
        className={cx(styles.table, locked && styles.locked)}
        data-locked={locked}
        aria-label={locked ? 'Plans (sign up to choose a plan)' : undefined}
        role={locked ? 'group' : undefined}
        tabIndex={locked ? -1 : undefined}
      >
        {table}
      </div>

      <section className={styles.sales} aria-label="Contact sales">
        <p>{pricing.contactSales.text}</p>
        <a
          className={cx(buttonClasses.base, buttonClasses.outline, buttonClasses.large)}
          href={PATHS.contact}
          onClick={go(PATHS.contact)}
        >
          {pricing.contactSales.button}
        </a>
      </section>

      {status === 'signed-out' && (
        <div className={styles.floatingBand}>
          <button
            type="button"
            className={cx(buttonClasses.base, buttonClasses.primary, buttonClasses.large, styles.fixedSignUp)}
            onClick={signUp}
          >
            {banner.button}
          </button>
        </div>
      )}
    </>
  );
}
