import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRIPE_PRICING_TABLE_SCRIPT } from '../../../src-web/features/pricing/StripePricingTable.tsx';
import { renderPricing, serveConfig, signIn, STRIPE, table } from './pricing-support.tsx';

// Stripe's hosted table cannot run here: jsdom never fetches its script, so these check what
// the page hands to Stripe (the element, its attributes, one script tag for the whole page load) and the gate around it.
afterEach(() => vi.unstubAllGlobals());

const stripeTable = () => document.querySelector('stripe-pricing-table');

describe('with Stripe’s pricing table configured (Stripe itself mocked by its absence)', () => {
  it('gives a signed-out visitor the table without a customer, locked after about a second', async () => {
    serveConfig(true);
    renderPricing();
    await waitFor(() => expect(stripeTable()).not.toBeNull());
    // Our plans (shown until the configuration arrives) give way to Stripe's: one table, not two.
    expect(document.body.textContent).not.toContain('Choose Starter');
    expect(stripeTable()?.getAttribute('pricing-table-id')).toBe(STRIPE.pricingTableId);
    expect(stripeTable()?.getAttribute('publishable-key')).toBe(STRIPE.publishableKey);
    expect(stripeTable()?.hasAttribute('client-reference-id')).toBe(false);
    expect(stripeTable()?.hasAttribute('customer-email')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Sign Up Required' })).toBeTruthy();
    await waitFor(() => expect(table()?.dataset.locked).toBe('true'), { timeout: 2500 });
    // Its buttons are in Stripe's frame, out of our reach one by one: the whole table is inert.
    expect(stripeTable()?.hasAttribute('inert')).toBe(true);
  });

  it('passes a signed-in customer’s id and email, loading Stripe’s script once', async () => {
    serveConfig(true);
    signIn('user-123', 'dana@brightwater.example');
    renderPricing();
    await waitFor(() => expect(stripeTable()).not.toBeNull());
    expect(stripeTable()?.getAttribute('client-reference-id')).toBe('user-123');
    expect(stripeTable()?.getAttribute('customer-email')).toBe('dana@brightwater.example');
    expect(document.querySelectorAll(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).toHaveLength(1);
    expect(table()?.dataset.locked).toBe('false');
    expect(stripeTable()?.hasAttribute('inert')).toBe(false);
  });
});
