import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { STORAGE_KEYS } from '../../../src-shared/domain/constants.ts';
import { ACCOUNT_API_SCOPE } from '../../../src-shared/domain/accounts/user.ts';
import { AuthProvider } from '../../../src-web/features/auth/auth-context.tsx';
import { LazyAuthDialog } from '../../../src-web/features/auth/lazy-auth-dialog.tsx';
import { PricingPage } from '../../../src-web/features/pricing/PricingPage.tsx';

export const STRIPE = { pricingTableId: 'prctbl_1TestTable', publishableKey: 'pk_test_51TestKey' };

/** jsdom has no server: GET /api/config is answered here; Stripe's script is never fetched by jsdom. */
export function serveConfig(stripe: boolean) {
  const config = {
    siteUrl: 'https://hireassist.example',
    version: '0.1.0',
    marketing: {
      introVideoUrl: 'https://www.youtube-nocookie.com/embed/test',
      careersPortalUrl: 'https://careers.example/jobs',
      stripePricingTable: stripe ? STRIPE : null,
    },
  } as Partial<PublicConfig>;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/config') ? Response.json(config) : new Response('{}', { status: 404 }),
    ),
  );
}

/** A stored session as the accounts feature keeps it: unsigned JWTs are enough for the browser side. */
export function signIn(sub: string, email: string) {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const token = (claims: object) => `${part({ alg: 'none' })}.${part({ sub, exp, ...claims })}.sig`;
  localStorage.setItem(STORAGE_KEYS.accessToken, token({ token_use: 'access', scope: ACCOUNT_API_SCOPE }));
  localStorage.setItem(STORAGE_KEYS.idToken, token({ token_use: 'id', email, email_verified: true }));
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-token');
}

export function renderPricing() {
  const router = createMemoryRouter(
    [
      {
        path: '/pricing',
        element: (
          <AuthProvider dialog={LazyAuthDialog}>
            <PricingPage />
          </AuthProvider>
        ),
      },
      { path: '/contact', element: <p>contact page</p> },
    ],
    { initialEntries: ['/pricing'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

export const table = () => document.querySelector<HTMLElement>('[data-locked]');
