import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { STRIPE_PRICING_TABLE_SCRIPT } from '../../../src-web/features/pricing/StripePricingTable.tsx';

const STRIPE = { pricingTableId: 'prctbl_1InPage', publishableKey: 'pk_test_51InPage' };

// The document as it was found: the web files share a worker (isolate: false), and another file
// counts Stripe's script elements.
afterEach(() => {
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
  document.querySelector(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)?.remove();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The page as our server sends it: GET /api/config's answer in a script element (server/http/web-app/page-html.ts). */
function writeConfigIntoPage() {
  const config = {
    siteUrl: 'https://hireassist.example',
    version: '0.1.0',
    marketing: { introVideoUrl: '', careersPortalUrl: '', stripePricingTable: STRIPE },
  } as Partial<PublicConfig>;
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PUBLIC_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify(config);
  document.body.append(element);
}

describe('the public configuration carried by the page (src-web/components/public-config.ts)', () => {
  it('puts Stripe’s table on the pricing page at its first render, without asking the server', async () => {
    writeConfigIntoPage();
    const fetches = vi.fn((_input: RequestInfo | URL) => Promise.resolve(new Response('{}', { status: 404 })));
    vi.stubGlobal('fetch', fetches);
    // Evaluated after the element is in the page, as in the browser, where it arrives with the HTML.
    const { renderPricing } = await import('./pricing-support.tsx');
    renderPricing();
    // At once, not after a round trip: Stripe's script is on its way and its loading notice shows, never our plans.
    expect(document.querySelector(`script[src="${STRIPE_PRICING_TABLE_SCRIPT}"]`)).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading plans…');
    expect(document.body.textContent).not.toContain('Choose Starter');
    expect(fetches.mock.calls.map(([url]) => String(url)).filter((url) => url.endsWith('/api/config'))).toEqual([]);
  });
});
