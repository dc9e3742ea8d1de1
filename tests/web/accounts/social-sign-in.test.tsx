import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../src-shared/domain/public-config.ts';
import { hostedAppState } from '../../../src-web/features/auth/sign-in-intent.ts';
import { FakeIdentity } from './fake-identity.ts';
import { renderApp, stubServerApi, type ApiCall } from './render-app.tsx';

// Its own file: the public configuration is read once per file, and here it offers Google.
let identity: FakeIdentity;
let api: ApiCall[];
const withGoogle: Partial<PublicConfig> = {
  identity: {
    region: 'local',
    userPoolId: 'local_pool',
    clientId: 'local-client',
    endpoint: null,
    hostedDomain: null,
    socialProviders: ['Google'],
  },
};
beforeEach(() => {
  identity = new FakeIdentity();
  api = stubServerApi(withGoogle);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

/** Google from the sign-in dialog: the tab would now leave for the provider. */
async function chooseGoogle() {
  const user = userEvent.setup();
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Google' }));
  await waitFor(() => expect(identity.ops('authorizeUrl')).toHaveLength(1));
}

/**
 * Finishing a return loads its module on demand and exchanges the code: more than waitFor's
 * default second when the machine's two cores also run the server tests.
 */
const RETURN = { timeout: 10_000 };

/** The provider sends the visitor back: the app loads afresh at the callback address. */
function comeBack(unmount: () => void) {
  unmount();
  window.history.replaceState(null, '', identity.callbackAddress({ code: 'good-code' }));
  return renderApp(identity, '/');
}

describe('social sign-in from a signed-in page', { timeout: 20_000 }, () => {
  it('takes the visitor back to the page they asked for once the provider returns', async () => {
    const { unmount } = renderApp(identity, '/profile');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.getByTestId('where').textContent).toBe('/');
    await chooseGoogle();
    const { router } = comeBack(unmount);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), RETURN);
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it.each([
    'https://elsewhere.example/profile',
    '//elsewhere.example/profile',
    '/\\elsewhere.example/profile',
    '/\t/elsewhere.example',
  ])('never leaves the site for a kept return target of %j', async (returnTo) => {
    window.history.replaceState(
      null,
      '',
      await identity.hostedReturnAddress({ code: 'good-code' }, '/', hostedAppState({ returnTo })),
    );
    const { router } = renderApp(identity, '/');
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'), RETURN);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // Signed in where the provider sent them back, and nowhere else (the router refuses, and
    // reports, an address elsewhere as an error of this test).
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.pathname).toBe('/');
    expect(window.location.href).toBe(`${window.location.origin}/`);
    expect(screen.getByTestId('status').textContent).toBe('signed-in');
  });
});

describe('sign-up with Google', { timeout: 20_000 }, () => {
  it('records the sign-up lead and the stored referral once the provider returns, then forgets the referral', async () => {
    // The visitor arrived through an affiliate's link, then chose Get Started and Google.
    window.history.replaceState(null, '', '/?ref=r-1&utm_source=newsletter');
    const { unmount } = renderApp(identity, '/');
    expect(localStorage.getItem('referral')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get Started' }));
    await screen.findByRole('heading', { name: 'Create Account' });
    await chooseGoogle();
    comeBack(unmount);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'), RETURN);
    await waitFor(() => expect(localStorage.getItem('referral')).toBeNull(), RETURN);
    expect(api.find((call) => call.path === '/api/referrals')?.body).toMatchObject({
      referral: { referralKey: 'r-1', source: 'newsletter' },
    });
    expect(api.find((call) => call.path === '/api/signup-leads')?.body).toMatchObject({ source: 'hero_cta' });
  });
});

describe('a returning customer signing in with Google', { timeout: 20_000 }, () => {
  it('reports no referral: the server already held their sign-up lead, so this sign-in is no sign-up', async () => {
    // An existing customer followed a partner's link, then signed in with Google.
    api = stubServerApi(withGoogle, { returning: true });
    window.history.replaceState(null, '', '/?ps_partner_key=partner-evil');
    const { unmount } = renderApp(identity, '/');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    await chooseGoogle();
    comeBack(unmount);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('signed-in'), RETURN);
    await waitFor(() => expect(api.some((call) => call.path === '/api/signup-leads')).toBe(true), RETURN);
    // What followed the lead's answer has had its turn (the old code reported the referral here).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(api.filter((call) => call.path === '/api/referrals')).toEqual([]);
  });
});
