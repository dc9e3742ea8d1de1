import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, withConfig } from './render-with-header.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the Sign Up page (/signup)', () => {
  // Each test reads its own /api/config (the app reads it once per page load).
  beforeEach(() => vi.resetModules());

  it('embeds the configured sign-up form', async () => {
    withConfig({ signupEmbedUrl: 'https://app.example/signup' });
    const { SignUpPage } = await import('../../../src-web/features/auth/SignUpPage.tsx');
    renderAt('/signup', [{ path: '/signup', element: <SignUpPage /> }]);
    expect(((await screen.findByTitle('Sign-up form')) as HTMLIFrameElement).src).toBe('https://app.example/signup');
  });

  it('falls back when the form cannot load, with Open in New Tab', async () => {
    withConfig({ signupEmbedUrl: 'https://app.example/signup' });
    const { SignUpPage } = await import('../../../src-web/features/auth/SignUpPage.tsx');
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

  it('says so when none is configured, and Back goes back one page', async () => {
    withConfig({ signupEmbedUrl: null });
    const { SignUpPage } = await import('../../../src-web/features/auth/SignUpPage.tsx');
    renderAt('/signup', [{ path: '/signup', element: <SignUpPage /> }]);
    expect(await screen.findByText('Unable to load the sign-up form')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Previous page')).toBeTruthy();
  });
});
