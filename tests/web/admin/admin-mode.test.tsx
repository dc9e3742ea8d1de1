import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
    expect(screen.getByRole('navigation', { name: 'Admin' }).textContent).toMatch(/Leads.*Users.*Logout/);
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
});
