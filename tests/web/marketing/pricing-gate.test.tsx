import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPricing, serveConfig, signIn, table } from './pricing-support.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the pricing page for a signed-out visitor', () => {
  it('prompts to sign up and locks the plans about a second after load', async () => {
    serveConfig(false);
    const started = Date.now();
    renderPricing();
    expect(screen.getByRole('heading', { name: 'Sign Up Required' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Professional' });
    expect(table()?.dataset.locked).toBe('false');
    await waitFor(() => expect(table()?.dataset.locked).toBe('true'), { timeout: 2500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    // Dimmed and unclickable, yet still read: only the plans' buttons are disabled.
    expect(table()?.className).toMatch(/locked/);
    expect(screen.getByRole('button', { name: 'Choose Professional' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('heading', { name: 'Professional' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Sign Up' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/contact');
  });

  it.each([0, 1])(
    'opens the sign-up dialog from Sign Up button %i (banner, then the fixed one)',
    async (index) => {
      serveConfig(false);
      renderPricing();
      await userEvent.click(screen.getAllByRole('button', { name: 'Sign Up' })[index] as HTMLElement);
      // The dialog's code loads on first use, which takes a while the first time in jsdom.
      expect(await screen.findByRole('dialog', {}, { timeout: 15_000 })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeTruthy();
    },
    20_000,
  );
});

describe('the pricing page for a signed-in customer', () => {
  it('shows no sign-up prompt and never locks the plans', async () => {
    serveConfig(false);
    signIn('user-123', 'dana@brightwater.example');
    renderPricing();
    await screen.findByRole('heading', { name: 'Professional' });
    expect(screen.queryByRole('heading', { name: 'Sign Up Required' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(table()?.dataset.locked).toBe('false');
    expect(screen.getByRole('button', { name: 'Choose Professional' })).toHaveProperty('disabled', false);
  });

  it('takes a chosen plan to the sales team with the plan named', async () => {
    serveConfig(false);
    signIn('user-123', 'dana@brightwater.example');
    const router = renderPricing();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Professional' }));
    await screen.findByText('contact page');
    expect(router.state.location.state).toEqual({ subject: 'Plan Request: Professional' });
  });
});
