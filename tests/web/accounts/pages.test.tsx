import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIdentity } from './fake-identity.ts';
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
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).toBe(
      'Preferences could not be loaded',
    );
    expect(screen.queryByText(/HTTP 502/)).toBeNull();
    // The preference is unknown: no switch (disabled, off) tells the customer they are not subscribed.
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
