import { createElement, useEffect, useState } from 'react';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import styles from './PricingPage.module.css';

export const STRIPE_PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

/** The custom element Stripe's script defines. */
const PRICING_TABLE_ELEMENT = 'stripe-pricing-table';

let scriptLoad: Promise<void> | undefined;

/** Adds Stripe's pricing-table script to the page once; only this page ever asks for it. */
function loadPricingTableScript(): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_PRICING_TABLE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // Forgotten, so that trying again adds a new script element rather than reusing the failure.
      scriptLoad = undefined;
      script.remove();
      reject(new Error(`Could not load ${STRIPE_PRICING_TABLE_SCRIPT}`));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

/** Where Stripe's table is: its script on the way, its element defined (ready), or the script refused. */
type PricingTableScript = { state: 'loading' | 'ready' | 'failed'; retry(): void };

/**
 * Loads Stripe's script when `wanted` (the configuration names a table) and follows it until
 * its element is defined: before then the page has nothing to show but a notice.
 */
export function usePricingTableScript(wanted: boolean): PricingTableScript {
  const [state, setState] = useState<PricingTableScript['state']>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadPricingTableScript()
      .then(() => customElements.whenDefined(PRICING_TABLE_ELEMENT))
      .then(
        () => current && setState('ready'),
        (error: unknown) => {
          console.error(error);
          if (current) setState('failed');
        },
      );
    return () => {
      current = false;
    };
  }, [wanted, attempt]);
  const retry = () => {
    setState('loading');
    setAttempt((count) => count + 1);
  };
  return { state, retry };
}

interface StripePricingTableProps {
  pricingTableId: string;
  publishableKey: string;
  /** The signed-in customer, so Stripe links the subscription to the account. */
  customer: { id: string; email: string } | null;
  /**
   * Stripe's buttons live in its own frame, where they cannot be disabled one by one: locked,
   * the whole table is inert (unreachable, and unread by screen readers, who hear the banner).
   */
  locked: boolean;
  script: PricingTableScript;
}

/**
 * Stripe's hosted pricing table (the <stripe-pricing-table> element), and until its script has
 * defined it a loading notice, or, when the script could not be fetched (offline, blocked), a
 * way to try again.
 */
export function StripePricingTable({ pricingTableId, publishableKey, customer, locked, script }: StripePricingTableProps) {
  if (script.state === 'loading') return <PageSpinner inline label="Loading plans…" />;
  if (script.state === 'failed') {
    return (
      <div className={styles.tableFailed} role="alert">
        <p>The plans could not be loaded. Check your connection and try again, or contact our sales team.</p>
        <button type="button" className={cx(buttonClasses.base, buttonClasses.outline)} onClick={script.retry}>
          Try again
        </button>
      </div>
    );
  }
  return createElement(PRICING_TABLE_ELEMENT, {
    'pricing-table-id': pricingTableId,
    'publishable-key': publishableKey,
    inert: locked,
    ...(customer ? { 'client-reference-id': customer.id, 'customer-email': customer.email } : {}),
  });
}
