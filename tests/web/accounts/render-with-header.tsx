import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { Header } from '../../../src-web/app/layout/Header.tsx';
import { AuthProvider } from '../../../src-web/features/auth/auth-context.tsx';
import { LazyAuthDialog } from '../../../src-web/features/auth/lazy-auth-dialog.tsx';
import { FakeIdentity } from './fake-identity.ts';

/** Answers the app's `/api/config` request with this accounts section. */
export function withConfig(accounts: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ accounts }), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

/** The header and `routes` under the auth provider, at `path`, with '/back' one step behind it. */
export function renderAt(path: string, routes: { path: string; element: ReactNode }[], identity = new FakeIdentity()) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider identityClient={identity} dialog={LazyAuthDialog}>
            <Header />
            <Outlet />
          </AuthProvider>
        ),
        children: [
          ...routes,
          { path: '/dashboard', element: <p>Dashboard page</p> },
          { path: '/back', element: <p>Previous page</p> },
        ],
      },
    ],
    { initialEntries: ['/back', path], initialIndex: 1 },
  );
  return render(<RouterProvider router={router} />);
}
