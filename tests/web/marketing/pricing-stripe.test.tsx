import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import { STRIPE_PRICING_TABLE_SCRIPT } from '../../../src-web/features/pricing/StripePricingTable.tsx';

// Stripe's hosted table cannot run here: jsdom never fetches its script. These tests play its part
// (the script element's load or error, the custom element it defines) and check what the page
// shows around it and hands to it (the element, its attributes, one script tag for the page load).
// Each test imports the page afresh, so the module's memory of the script starts empty.
afterEach(() => {
  document.querySelectorAll(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`).forEach((script) => script.remove());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

const stripeTable = () => document.querySelector('stripe-pricing-table');
const stripeScript = () => document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`);

/** Stripe's script as the browser runs it: it defines the table's element, then the element fires load. */
async function stripeScriptLoads() {
  await waitFor(() => expect(stripeScript()).not.toBeNull());
  if (!customElements.get('stripe-pricing-table')) customElements.define('stripe-pricing-table', class extends HTMLElement {});
  stripeScript()?.dispatchEvent(new Event('load'));
}

/** The browser could not fetch it (offline, or blocked by an extension or a network filter). */
async function stripeScriptFails() {
  await waitFor(() => expect(stripeScript()).not.toBeNull());
  stripeScript()?.dispatchEvent(new Event('error'));
}

describe('with Stripe’s pricing table configured, with Stripe’s script mocked', () => {
  it('shows “Loading plans…” until the table’s element is defined, then the table, locked after about a second', async () => {
    const { renderPricing, serveConfig, STRIPE, table } = await import('./pricing-support.tsx');
    serveConfig(true);
    renderPricing();
    expect((await screen.findByRole('status')).textContent).toBe('Loading plans…');
    // Our plans (shown until the configuration arrives) give way to Stripe's: one table, not two.
    expect(document.body.textContent).not.toContain('Choose Starter');
    expect(stripeTable()).toBeNull();

    await stripeScriptLoads();
    await waitFor(() => expect(stripeTable()).not.toBeNull());
    expect(screen.queryByRole('status')).toBeNull();
    expect(stripeTable()?.getAttribute('pricing-table-id')).toBe(STRIPE.pricingTableId);
    expect(stripeTable()?.getAttribute('publishable-key')).toBe(STRIPE.publishableKey);
    expect(stripeTable()?.hasAttribute('client-reference-id')).toBe(false);
    expect(stripeTable()?.hasAttribute('customer-email')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Sign Up Required' })).toBeTruthy();
    await waitFor(() => expect(table()?.dataset.locked).toBe('true'), { timeout: 2500 });
    // Its buttons are in Stripe's frame, out of our reach one by one: the whole table is inert.
    expect(stripeTable()?.hasAttribute('inert')).toBe(true);
  });

  it('says when the script could not be fetched and offers Try again, usable past the lock’s second, which fetches it anew', async () => {
    const { renderPricing, serveConfig, table } = await import('./pricing-support.tsx');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serveConfig(true);
    renderPricing();
    await stripeScriptFails();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The plans could not be loaded. Check your connection and try again');
    expect(String(logged.mock.calls[0]?.[0])).toContain(STRIPE_PRICING_TABLE_SCRIPT);
    expect(stripeScript()).toBeNull();
    // The second after which a signed-out visitor's table locks passes: there is no table, so nothing is locked.
    await new Promise((resolve) => setTimeout(resolve, INTERFACE.pricingTableEnableDelayMs + 200));
    expect(table()?.dataset.locked).toBe('false');

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading plans…');
    expect(screen.queryByRole('alert')).toBeNull();
    await stripeScriptLoads();
    await waitFor(() => expect(stripeTable()).not.toBeNull());
    expect(document.querySelectorAll(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).toHaveLength(1);
    // Now there is a table, the signed-out visitor's lock applies to it.
    expect(table()?.dataset.locked).toBe('true');
    expect(stripeTable()?.hasAttribute('inert')).toBe(true);
  });

  it('keeps keyboard focus through Try again: on the loading notice, on Try again if it fails again, then on the table', async () => {
    const { renderPricing, serveConfig, signIn } = await import('./pricing-support.tsx');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serveConfig(true);
    signIn('user-123', 'dana@brightwater.example');
    renderPricing();
    await stripeScriptFails();
    (await screen.findByRole('button', { name: 'Try again' })).focus();
    await userEvent.keyboard('{Enter}');
    // Try again is gone: focus is on the notice that replaced it, not dropped to the page.
    const status = await screen.findByRole('status');
    expect(document.activeElement).toBe(status);

    await stripeScriptFails();
    await waitFor(() => expect(document.activeElement).toBe(screen.queryByRole('button', { name: 'Try again' })));
    await userEvent.keyboard('{Enter}');
    await stripeScriptLoads();
    await waitFor(() => expect(stripeTable()).not.toBeNull());
    // The next Tab goes into Stripe's table.
    expect(document.activeElement).toBe(stripeTable());
  });

  it('gives up on a script that loads but never defines the table, after 15 s, and offers Try again', async () => {
    // The clock moves when told to (and with real time, which waitFor needs).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { renderPricing, serveConfig } = await import('./pricing-support.tsx');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Stripe's script ran but defined nothing (an earlier test here may have defined the element).
    const whenDefined = vi.spyOn(customElements, 'whenDefined').mockReturnValue(new Promise(() => {}));
    serveConfig(true);
    renderPricing();
    await waitFor(() => expect(stripeScript()).not.toBeNull());
    stripeScript()?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(INTERFACE.pricingTableLoadTimeoutMs - 1000);
    expect(screen.getByRole('status').textContent).toBe('Loading plans…');
    expect(screen.queryByRole('alert')).toBeNull();

    await vi.advanceTimersByTimeAsync(1500);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The plans could not be loaded. Check your connection and try again');
    expect(String(logged.mock.calls[0]?.[0])).toContain('stripe-pricing-table');

    // Trying again fetches the script anew, and this time it defines the table.
    whenDefined.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await stripeScriptLoads();
    await waitFor(() => expect(stripeTable()).not.toBeNull());
    expect(document.querySelectorAll(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).toHaveLength(1);
  });

  it('passes a signed-in customer’s id and email, loading Stripe’s script once', async () => {
    const { renderPricing, serveConfig, signIn, table } = await import('./pricing-support.tsx');
    serveConfig(true);
    signIn('user-123', 'dana@brightwater.example');
    renderPricing();
    await stripeScriptLoads();
    await waitFor(() => expect(stripeTable()).not.toBeNull());
    expect(stripeTable()?.getAttribute('client-reference-id')).toBe('user-123');
    expect(stripeTable()?.getAttribute('customer-email')).toBe('dana@brightwater.example');
    expect(document.querySelectorAll(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).toHaveLength(1);
    expect(table()?.dataset.locked).toBe('false');
    expect(stripeTable()?.hasAttribute('inert')).toBe(false);
  });
});
