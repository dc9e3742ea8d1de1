import { createElement, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import { buttonClasses, cx } from '../../components/button-styles.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import centred from '../../components/centred-state.module.css';
import styles from './PricingPage.module.css';

export const STRIPE_PRICING_TABLE_SCRIPT = 'https://js.stripe.com/v3/pricing-table.js';

/** The custom element Stripe's script defines. */
const PRICING_TABLE_ELEMENT = 'stripe-pricing-table';

let tableDefined: Promise<void> | undefined;

/**
 * Adds Stripe's pricing-table script to the page once (only this page ever asks for it), and
 * waits for it to define the table's element.
 */
function definePricingTable(): Promise<void> {
  tableDefined ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_PRICING_TABLE_SCRIPT;
    script.async = true;
    const fail = (error: Error) => {
      clearTimeout(giveUp);
      // Forgotten, so that trying again adds a new script element rather than reusing the failure.
      tableDefined = undefined;
      script.remove();
      reject(error);
    };
    // A fetch that stalls, or a script that runs but never defines the element, would otherwise
    // leave the page loading for good.
    const giveUp = setTimeout(
      () =>
        fail(
          new Error(`${PRICING_TABLE_ELEMENT} was not defined ${INTERFACE.pricingTableLoadTimeoutMs} ms after adding its script`),
        ),
      INTERFACE.pricingTableLoadTimeoutMs,
    );
    script.onerror = () => fail(new Error(`Could not load ${STRIPE_PRICING_TABLE_SCRIPT}`));
    script.onload = () =>
      void customElements.whenDefined(PRICING_TABLE_ELEMENT).then(() => {
        clearTimeout(giveUp);
        resolve();
      });
    document.head.append(script);
  });
  return tableDefined;
}

/** Where Stripe's table is: its script on the way, its element defined (ready), or the script refused or late. */
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
    definePricingTable().then(
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
 * defined it a loading notice, or, when the script could not be fetched (offline, blocked) or has
 * not defined it within 15 s, a way to try again.
 */
export function StripePricingTable({ pricingTableId, publishableKey, customer, locked, script }: StripePricingTableProps) {
  // Try again replaces its own button, which would drop focus to the page: it follows, onto the
  // loading notice and then onto what replaces that (Try again once more, or the table). Only
  // when focus was lost, so a visitor who moved on meanwhile is not pulled back.
  const focusFollows = useRef(false);
  const [focusTarget, setFocusTarget] = useState<HTMLElement | null>(null);
  // A layout effect: the lock makes a focused table inert, and the browser drops that focus to the
  // page at its next style update; here, just after the commit, the table still holds it.
  useLayoutEffect(() => {
    if (!focusTarget) return;
    const active = document.activeElement;
    const lost = focusFollows.current && active === document.body;
    // Held by the table when the lock came (Try again brought it before the lock's second).
    const lockedIn = locked && active !== null && focusTarget.contains(active);
    // Locked for a signed-out visitor, the table is inert and refuses focus: it goes to the
    // page's locked plans region around it (PricingPage), which takes focus while locked.
    if (lost || lockedIn) (locked ? focusTarget.parentElement : focusTarget)?.focus();
    if (focusTarget.localName === PRICING_TABLE_ELEMENT) focusFollows.current = false;
  }, [focusTarget, locked]);
  const retry = () => {
    focusFollows.current = true;
    script.retry();
  };

  if (script.state === 'loading') return <PageSpinner inline label="Loading plans…" ref={setFocusTarget} tabIndex={-1} />;
  if (script.state === 'failed') {
    return (
      <div className={cx(centred.centredState, styles.tableFailed)} role="alert">
        <p>The plans could not be loaded. Check your connection and try again, or contact our sales team.</p>
        <button type="button" className={cx(buttonClasses.base, buttonClasses.outline)} onClick={retry} ref={setFocusTarget}>
          Try again
        </button>
      </div>
    );
  }
  return createElement(PRICING_TABLE_ELEMENT, {
    'pricing-table-id': pricingTableId,
    'publishable-key': publishableKey,
    inert: locked,
    ref: setFocusTarget,
    tabIndex: -1,
    ...(customer ? { 'client-reference-id': customer.id, 'customer-email': customer.email } : {}),
  });
}
