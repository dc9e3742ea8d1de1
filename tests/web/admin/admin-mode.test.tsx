import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPanelHost } from '../../../src-web/features/admin/AdminPanelHost.tsx';
import { webAdminTokenStore } from '../../../src-web/features/admin/web-platform.ts';
import {
  installAdminShortcut,
  isAdminShortcut,
  setAdminMode,
  useAdminMode,
} from '../../../src-web/features/admin-mode/admin-mode.ts';

// As src-web/main.tsx does before the app renders; removed so no other file's window keeps it.
afterAll(installAdminShortcut(window));
afterEach(() => act(() => setAdminMode(false)));

function press(init: KeyboardEventInit) {
  fireEvent.keyDown(window, init);
}

/**
 * The switch itself, read synchronously: the panel loads lazily, so "no ADMIN MODE box yet"
 * right after a press would also hold while a wrongly accepted press is still loading it.
 */
function ModeProbe() {
  return <output aria-label="admin mode state">{useAdminMode().enabled ? 'on' : 'off'}</output>;
}
const mode = () => screen.getByRole('status', { name: 'admin mode state' }).textContent;

function renderHost() {
  render(
    <MemoryRouter>
      <AdminPanelHost />
      <ModeProbe />
    </MemoryRouter>,
  );
}

describe('admin mode', () => {
  it('counts a Ctrl+Shift+A pressed before the app has drawn the page (the prerendered HTML is already on screen)', async () => {
    press({ key: 'A', ctrlKey: true, shiftKey: true });
    renderHost();
    expect(mode()).toBe('on');
    expect(await screen.findByRole('button', { name: 'ADMIN MODE' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('is off by default and Ctrl+Shift+A toggles the red ADMIN MODE box', async () => {
    renderHost();
    expect(mode()).toBe('off');
    expect(screen.queryByRole('button', { name: 'ADMIN MODE' })).toBeNull();
    press({ key: 'A', ctrlKey: true, shiftKey: true });
    expect(mode()).toBe('on');
    const box = await screen.findByRole('button', { name: 'ADMIN MODE' }, { timeout: 15_000 });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(box);
    expect(screen.getByRole('navigation', { name: 'Admin' }).textContent).toMatch(
      /Leads.*Users.*Audit log.*Mail outbox.*Affiliate applications/,
    );
    press({ key: 'A', ctrlKey: true, shiftKey: true });
    expect(mode()).toBe('off');
    expect(screen.queryByRole('button', { name: 'ADMIN MODE' })).toBeNull();
  });

  // Where the A key types another letter, the key itself counts; on a Latin layout the letter does, wherever it is.
  it.each([
    ['Russian', 'Ф'],
    ['Greek', 'Α'],
    ['Hebrew', 'ש'],
    ['French AZERTY (A where QWERTY has Q)', 'A', 'KeyQ'],
  ])('Ctrl+Shift+A toggles admin mode on a %s layout', (_layout, key, code = 'KeyA') => {
    renderHost();
    press({ key, code, ctrlKey: true, shiftKey: true });
    expect(mode()).toBe('on');
    press({ key, code, ctrlKey: true, shiftKey: true });
    expect(mode()).toBe('off');
  });

  // One press at a time, checked after each: two presses that both toggled would cancel out.
  it.each([
    ['Ctrl+A', { key: 'a', ctrlKey: true }],
    ['Ctrl+Ф (Russian layout, no Shift)', { key: 'ф', code: 'KeyA', ctrlKey: true }],
    ["Ctrl+Shift+Q on AZERTY (QWERTY's A key)", { key: 'Q', code: 'KeyA', ctrlKey: true, shiftKey: true }],
    ['Ctrl+Alt+Shift+A', { key: 'A', ctrlKey: true, shiftKey: true, altKey: true }],
    ['Shift+A', { key: 'A', shiftKey: true }],
    ['Ctrl+Meta+Shift+A', { key: 'A', ctrlKey: true, shiftKey: true, metaKey: true }],
  ])('ignores %s, whether admin mode is off or on', (_name, init) => {
    renderHost();
    press(init);
    expect(mode()).toBe('off');
    act(() => setAdminMode(true));
    press(init);
    expect(mode()).toBe('on');
  });

  /** Admin mode on without a stored session, and the panel opened: it says it is not signed in. */
  async function openPanelSignedOut() {
    localStorage.removeItem('admin_api_token');
    act(() => setAdminMode(true));
    render(
      <MemoryRouter>
        <AdminPanelHost />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'ADMIN MODE' }, { timeout: 15_000 }));
    const panel = screen.getByRole('navigation', { name: 'Admin' });
    expect(await within(panel).findByText('Not signed in')).toBeTruthy();
    return panel;
  }

  it('without a session says "Not signed in" and offers no Logout', async () => {
    const panel = await openPanelSignedOut();
    expect(within(panel).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('offers Logout as soon as the operator signs in on this tab, not at the next 30-second check', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, valid: true })),
    );
    try {
      const panel = await openPanelSignedOut();
      // What the password dialog does once the server accepts the password.
      await act(() => webAdminTokenStore.write('a-fresh-admin-token'));
      expect(await within(panel).findByRole('button', { name: 'Logout' })).toBeTruthy();
      expect(within(panel).queryByText('Not signed in')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem('admin_api_token');
    }
  });

  it.each([
    ['Audit log', '/admin/audit'],
    ['Mail outbox', '/admin/outbox'],
    ['Affiliate applications', '/admin/affiliates'],
  ])('"%s" goes to its page, %s, and closes the panel', async (label, path) => {
    act(() => setAdminMode(true));
    const router = createMemoryRouter([{ path: '*', element: <AdminPanelHost /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('button', { name: 'ADMIN MODE' }, { timeout: 15_000 }));
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('button', { name: label }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });
});

describe('isAdminShortcut, the key rule', () => {
  const key = (init: KeyboardEventInit) => isAdminShortcut(new KeyboardEvent('keydown', init));

  it('is Ctrl+Shift+A, in either case of the letter', () => {
    expect(key({ key: 'A', ctrlKey: true, shiftKey: true })).toBe(true);
    // With Caps Lock on, Shift+A gives a lower-case key.
    expect(key({ key: 'a', ctrlKey: true, shiftKey: true })).toBe(true);
  });

  it.each([
    ['Ctrl+A', { key: 'a', ctrlKey: true }],
    ['Shift+A', { key: 'A', shiftKey: true }],
    ['A', { key: 'a' }],
    ['Ctrl+Alt+Shift+A', { key: 'A', ctrlKey: true, shiftKey: true, altKey: true }],
    ['Ctrl+Meta+Shift+A', { key: 'A', ctrlKey: true, shiftKey: true, metaKey: true }],
    ['Ctrl+Shift+B', { key: 'B', ctrlKey: true, shiftKey: true }],
  ])('is not %s', (_name, init) => {
    expect(key(init)).toBe(false);
  });
});
