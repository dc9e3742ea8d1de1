import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIdentity } from './fake-identity.ts';
import { SecurityPage } from '../../../src-web/features/account/SecurityPage.tsx';
import { SettingsPage } from '../../../src-web/features/account/SettingsPage.tsx';
import { renderAt, withConfig } from './render-with-header.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the header when signed in', { timeout: 20_000 }, () => {
  function signedIn() {
    const identity = new FakeIdentity();
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'));
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    withConfig({});
    return identity;
  }

  it('replaces Login by the user menu: initials, name, email, Verified, the entries', async () => {
    renderAt('/', [{ path: '/', element: <p>Home</p> }], signedIn());
    // The menu's module loads lazily (Fluent's Menu is kept off every first visit).
    const trigger = await screen.findByRole('button', { name: 'Ada Lovelace account menu' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(within(trigger).getByText('AL')).toBeTruthy();
    await userEvent.click(trigger);
    const who = await screen.findByRole('group', { name: 'Signed in as' });
    expect(within(who).getByText('ada@example.com')).toBeTruthy();
    expect(within(who).getByText('Verified')).toBeTruthy();
    expect(within(who).queryByText('2FA')).toBeNull();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Dashboard',
      'Profile',
      'Subscription',
      'Settings',
      'Security',
      'Access Partner Platform',
      'Sign Out',
    ]);
  });

  it('lists the signed-in entries in the small-screen menu', async () => {
    renderAt('/', [{ path: '/', element: <p>Home</p> }], signedIn());
    await screen.findByRole('button', { name: 'Ada Lovelace account menu' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    for (const entry of ['Dashboard', 'Profile', 'Subscription', 'Settings', 'Security']) {
      expect(screen.getByRole('link', { name: entry })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });
});

describe('the account pages when our server fails without saying why', { timeout: 20_000 }, () => {
  it("show the page's own fallback, not the request's path and status, and no setting they could not read", async () => {
    const identity = new FakeIdentity();
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'));
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    // A proxy in front of the server answers its own 502 page: no message of ours in it.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/api/config')
          ? Response.json({ accounts: {} })
          : new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    );
    renderAt('/settings', [{ path: '/settings', element: <SettingsPage /> }], identity);
    const alert = await screen.findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toBe('Preferences could not be loadedTry again');
    expect(screen.queryByText(/HTTP 502/)).toBeNull();
    // The preference is unknown: no switch (disabled, off) tells the customer they are not subscribed.
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('Try again reads what failed once the server is back, without reloading the page', async () => {
    const identity = new FakeIdentity();
    const tokens = identity.tokensFor(identity.addUser('ada@example.com'));
    localStorage.setItem('accessToken', tokens.accessToken);
    localStorage.setItem('idToken', tokens.idToken);
    let serverDown = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/config') return Response.json({ accounts: {} });
        if (serverDown)
          return new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
        if (path === '/api/account/preferences') return Response.json({ marketingEmails: true });
        if (path === '/api/account/sign-ins') return Response.json({ signIns: [] });
        return new Response(null, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    const settings = renderAt('/settings', [{ path: '/settings', element: <SettingsPage /> }], identity);
    await screen.findByText('Preferences could not be loaded', undefined, { timeout: 10_000 });
    serverDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByRole('switch')) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Preferences could not be loaded')).toBeNull();
    settings.unmount();

    serverDown = true;
    renderAt('/security', [{ path: '/security', element: <SecurityPage /> }], identity);
    await screen.findByText('Recent sign-ins could not be loaded', undefined, { timeout: 10_000 });
    serverDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No sign-ins recorded yet.')).toBeTruthy();
    expect(screen.queryByText('Recent sign-ins could not be loaded')).toBeNull();
  });
});
