import { createElement, useEffect, useState } from 'react';

export const STRIPE_PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

let scriptLoad: Promise<void> | undefined;

/** Adds Stripe's pricing-table script to the page once; only this page ever asks for it. */
function loadPricingTableScript(): Promise<void> {
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_PRICING_TABLE_SCRIPT;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoad = undefined;
      script.remove();
      reject(new Error(`Could not load ${STRIPE_PRICING_TABLE_SCRIPT}`));
    };
    document.head.append(script);
  });
  return scriptLoad;
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
}

/** Stripe's hosted pricing table (the <stripe-pricing-table> element). */
export function StripePricingTable({ pricingTableId, publishableKey, customer, locked }: StripePricingTableProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadPricingTableScript().catch((error: unknown) => {
      console.error(error);
      setFailed(true);
    });
  }, []);
  if (failed) {
    return <p role="alert">The plans could not be loaded. Please refresh the page or contact our sales team.</p>;
  }
  return createElement('stripe-pricing-table', {
    'pricing-table-id': pricingTableId,
    'publishable-key': publishableKey,
    inert: locked,
    ...(customer ? { 'client-reference-id': customer.id, 'customer-email': customer.email } : {}),
  });
}
