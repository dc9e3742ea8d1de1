import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { DashboardRoute } from '../../../src-web/features/account/DashboardPage.tsx';
import { ProfileRoute } from '../../../src-web/features/account/ProfilePage.tsx';
import { AuthProvider, useAuth } from '../../../src-web/features/auth/auth-context.tsx';
import { LazyAuthDialog } from '../../../src-web/features/auth/lazy-auth-dialog.tsx';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import type { FakeIdentity } from './fake-identity.ts';

/** What the server's accounts API was asked, by path and body. */
export interface ApiCall {
  path: string;
  method: string;
  body: unknown;
}

/**
 * Replaces fetch for the server's /api calls (the server side has its own tests against
 * the real server); answers {ok:true} and config with no third parties, plus `config`'s sections.
 * The sign-up lead answers as the server does for a new account (201), or with `returning`
 * as for an account that already has one (200: a returning customer).
 */
export function stubServerApi(config: Partial<PublicConfig> = {}, { returning = false } = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({ path: input, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body =
        input === '/api/config'
          ? {
              accounts: { signupEmbedUrl: null, partnerStackPublicKey: null, customerPortalUrl: null, partnerPlatform: false },
              ...config,
            }
          : { ok: true };
      const status = input === '/api/signup-leads' && !returning ? 201 : 200;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function Home() {
  const { status, user, openAuthDialog } = useAuth();
  const location = useLocation();
  return (
    <div>
      <p data-testid="where">{location.pathname}</p>
      <p data-testid="status">{status}</p>
      <p data-testid="user">
        {user ? `${user.name} <${user.email}> ${user.emailVerified ? 'verified' : 'unverified'}` : 'nobody'}
      </p>
      <button onClick={() => openAuthDialog('signup')}>Get Started</button>
      <button onClick={() => openAuthDialog('signin')}>Login</button>
    </div>
  );
}

/** The app's auth provider with a home page, /dashboard and /profile, at `path`. */
export function renderApp(identity: FakeIdentity, path = '/') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider identityClient={identity} dialog={LazyAuthDialog}>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/', element: <Home /> },
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/profile', element: <ProfileRoute /> },
          { path: '/elsewhere', element: <p>Elsewhere</p> },
        ],
      },
    ],
    { initialEntries: ['/elsewhere', path], initialIndex: 1 },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
