import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withConfig } from './render-with-header.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The page and the provider from the same fresh module graph, so the page finds its auth context. */
async function load() {
  const { SignUpPage } = await import('../../../src-web/features/auth/SignUpPage.tsx');
  const { renderAt } = await import('./render-with-header.tsx');
  return { SignUpPage, renderAt };
}

describe('the Sign Up page (/signup)', () => {
  // Each test reads its own /api/config (the app reads it once per page load).
  beforeEach(() => vi.resetModules());

  it('embeds the configured sign-up form', async () => {
    withConfig({ signupEmbedUrl: 'https://app.example/signup' });
    const { SignUpPage, renderAt } = await load();
    renderAt('/signup', [{ path: '/signup', element: <SignUpPage /> }]);
    expect(((await screen.findByTitle('Sign-up form')) as HTMLIFrameElement).src).toBe('https://app.example/signup');
  });

  it('falls back when the form cannot load, with Open in New Tab', async () => {
    withConfig({ signupEmbedUrl: 'https://app.example/signup' });
    const { SignUpPage, renderAt } = await load();
    renderAt('/signup', [{ path: '/signup', element: <SignUpPage /> }]);
    fireEvent.error(await screen.findByTitle('Sign-up form'));
    expect(await screen.findByText('Unable to load the sign-up form')).toBeTruthy();
    expect(
      screen.getByText('We cannot display the sign-up form directly in this page due to security restrictions.'),
    ).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open in New Tab' }) as HTMLAnchorElement;
    expect(open.href).toBe('https://app.example/signup');
    expect(open.target).toBe('_blank');
  });

  it('offers the built-in sign-up dialog when no external form is configured, and Back goes back one page', async () => {
    withConfig({ signupEmbedUrl: null });
    const { SignUpPage, renderAt } = await load();
    renderAt('/signup', [{ path: '/signup', element: <SignUpPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /create account/i })).toBeTruthy();
    expect(screen.queryByText('Unable to load the sign-up form')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Previous page')).toBeTruthy();
  });
});
