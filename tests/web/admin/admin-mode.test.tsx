import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminPanelHost } from '../../../src-web/features/admin/AdminPanelHost.tsx';
import { setAdminMode } from '../../../src-web/features/admin-mode/admin-mode.ts';

afterEach(() => act(() => setAdminMode(false)));

function press(init: KeyboardEventInit) {
  fireEvent.keyDown(window, init);
}

describe('admin mode', () => {
  it('is off by default and Ctrl+Shift+A toggles the red ADMIN MODE box', async () => {
    render(
      <MemoryRouter>
        <AdminPanelHost />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'ADMIN MODE' })).toBeNull();
    press({ key: 'A', ctrlKey: true, shiftKey: true });
    const box = await screen.findByRole('button', { name: 'ADMIN MODE' }, { timeout: 15_000 });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(box);
    expect(screen.getByRole('navigation', { name: 'Admin' }).textContent).toMatch(
      /Leads.*Users.*Audit log.*Mail outbox.*Affiliate applications/,
    );
    press({ key: 'A', ctrlKey: true, shiftKey: true });
    expect(screen.queryByRole('button', { name: 'ADMIN MODE' })).toBeNull();
  });

  it('ignores other shortcuts (Ctrl+A, Ctrl+Alt+Shift+A)', () => {
    render(
      <MemoryRouter>
        <AdminPanelHost />
      </MemoryRouter>,
    );
    press({ key: 'a', ctrlKey: true });
    press({ key: 'A', ctrlKey: true, shiftKey: true, altKey: true });
    expect(screen.queryByRole('button', { name: 'ADMIN MODE' })).toBeNull();
  });

  it('without a session says "Not signed in" and offers no Logout', async () => {
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
    expect(within(panel).queryByRole('button', { name: 'Logout' })).toBeNull();
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
