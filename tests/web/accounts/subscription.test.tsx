import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionPage } from '../../../src-web/features/account/SubscriptionPage.tsx';

const PORTAL = 'https://billing.stripe.com/p/login/test_portal';

/** /api/config answers this (the app asks again after a failure, so each test can give its own). */
function configAnswers(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/subscription', element: <SubscriptionPage /> }], {
    initialEntries: ['/subscription'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.unstubAllGlobals());

// The server keeps no record of plans (they are bought in Stripe's pricing table), so the page
// never says which plan the customer has: it says where plans are chosen and billing is managed.
describe('/subscription', () => {
  // First: the configuration is fetched once per page load, so a later test would find it known.
  it('offers neither Contact Sales nor Manage Billing before it knows which applies, and says it is loading', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderPage();
    try {
      expect(await screen.findByRole('progressbar', { name: 'Loading billing options…' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'View Plans' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Contact Sales' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Manage Billing' })).toBeNull();
    } finally {
      // A failed answer forgets the request, so the next test asks again.
      answer(new Response('{"error":"down"}', { status: 503 }));
    }
    expect(await screen.findByRole('link', { name: 'Contact Sales' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('claims no plan; without a billing portal it points to Pricing and to sales', async () => {
    configAnswers(() => new Response('{"error":"down"}', { status: 503 }));
    renderPage();
    expect(await screen.findByText('For questions about your plan or an invoice, contact our sales team.')).toBeTruthy();
    expect(screen.getByText('Plans are chosen and bought on the Pricing page.')).toBeTruthy();
    expect(screen.queryByText(/Free account|no paid plan/)).toBeNull();
    expect(screen.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('link', { name: 'Manage Billing' })).toBeNull();
  });

  it('with the billing portal, Manage Billing opens it in a new tab', async () => {
    configAnswers(() => Response.json({ accounts: { customerPortalUrl: PORTAL } }));
    renderPage();
    const manage = await screen.findByRole('link', { name: 'Manage Billing' });
    expect(manage.getAttribute('href')).toBe(PORTAL);
    expect(manage.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Manage Billing shows your plan, invoices and payment method.')).toBeTruthy();
    expect(screen.queryByText(/Free account|no paid plan/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact Sales' })).toBeNull();
  });
});
