import { act, render, screen } from '@testing-library/react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../../../src-web/features/auth/auth-context.tsx';
import type { AuthDialogProps } from '../../../src-web/features/auth/dialog-view.ts';
import { LazyAuthDialog } from '../../../src-web/features/auth/lazy-auth-dialog.tsx';
import { useSession } from '../../../src-web/features/auth/session-context.tsx';
import { signIn } from '../marketing/pricing-support.tsx';

type Router = ReturnType<typeof createMemoryRouter>;

function renderApp(
  top: ReactNode,
  pages: { path: string; element: ReactNode }[],
  dialog: ComponentType<AuthDialogProps> = LazyAuthDialog,
) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider dialog={dialog}>
            {top}
            <Outlet />
          </AuthProvider>
        ),
        children: [{ path: '/', element: <p>Home page</p> }, { path: '/blog', element: <p>Blog page</p> }, ...pages],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function visit(router: Router, path: string) {
  await act(() => router.navigate(path));
  expect(router.state.location.pathname).toBe(path);
}

/**
 * The header's Login/Sign Out and every guard ask only "signed in?". When the one auth context
 * changed on each navigation (the dialog's opener depended on the page), every one of them
 * re-rendered with every page change; these counters pin that they no longer do, through the
 * combined hook most of the app uses and through the session's own.
 */
describe.each([
  ['useAuth', () => useAuth().status],
  ['useSession', () => useSession().status],
])('a component that asks %s only whether someone is signed in', (_name, useStatus) => {
  function renderCounting() {
    const renders = { count: 0 };
    function SignedIn() {
      renders.count++;
      return <p data-testid="status">{useStatus()}</p>;
    }
    const router = renderApp(<SignedIn />, [{ path: '/pricing', element: <p>Pricing page</p> }]);
    return { router, renders };
  }

  it('does not re-render when a signed-out visitor changes page', async () => {
    const { router, renders } = renderCounting();
    expect(screen.getByTestId('status').textContent).toBe('signed-out');
    const before = renders.count;

    await visit(router, '/pricing');
    await visit(router, '/blog');
    await visit(router, '/');

    expect(screen.getByText('Home page')).toBeTruthy();
    expect(renders.count).toBe(before);
  });

  it('does not re-render when a signed-in user changes page', async () => {
    signIn('user-1', 'ada@example.com');
    const { router, renders } = renderCounting();
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
    const before = renders.count;

    await visit(router, '/pricing');
    await visit(router, '/blog');

    expect(screen.getByText('Blog page')).toBeTruthy();
    expect(renders.count).toBe(before);
  });
});

describe('the sign-up source the dialog records', () => {
  /** A stand-in dialog that shows what the host handed it. */
  const ShowSource = (props: AuthDialogProps) => <p data-testid="source">{props.open ? props.source : 'closed'}</p>;

  function OpenSignUp() {
    const { openAuthDialog } = useAuth();
    return <button onClick={() => openAuthDialog('signup')}>Get Started</button>;
  }

  /** A page that opens the dialog as it mounts, as the guards do. */
  function OpensOnMount() {
    const { openAuthDialog } = useAuth();
    useEffect(() => openAuthDialog('signup'), [openAuthDialog]);
    return <p>Opening page</p>;
  }

  it('is the page the visitor is on when the opener keeps one identity across pages', async () => {
    const router = renderApp(<OpenSignUp />, [{ path: '/pricing', element: <p>Pricing page</p> }], ShowSource);
    act(() => screen.getByRole('button', { name: 'Get Started' }).click());
    expect(screen.getByTestId('source').textContent).toBe('hero_cta');

    await visit(router, '/pricing');
    act(() => screen.getByRole('button', { name: 'Get Started' }).click());
    expect(screen.getByTestId('source').textContent).toBe('pricing_cta');

    await visit(router, '/blog');
    act(() => screen.getByRole('button', { name: 'Get Started' }).click());
    expect(screen.getByTestId('source').textContent).toBe('auth_dialog');
  });

  it('is the new page for a page that opens the dialog as it mounts', async () => {
    const router = renderApp(null, [{ path: '/pricing', element: <OpensOnMount /> }], ShowSource);
    await visit(router, '/pricing');
    expect(screen.getByText('Opening page')).toBeTruthy();
    expect(screen.getByTestId('source').textContent).toBe('pricing_cta');
  });
});
