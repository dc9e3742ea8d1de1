import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { NavMenu } from '../../src-web/app/layout/NavMenu.tsx';

const ITEMS = [
  { label: 'Features', to: '/features' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'Testimonials', to: '/testimonials' },
];

function renderMenu(onLogin = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <NavMenu
            label="Product Info"
            trigger="Product Info"
            triggerClassName=""
            items={ITEMS}
            actions={[{ label: 'Login', onSelect: onLogin }]}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, trigger: screen.getByRole('button', { name: 'Product Info' }) };
}

describe('the header menu', () => {
  it('is closed until asked', () => {
    const { trigger } = renderMenu();
    expect(trigger).toHaveProperty('ariaExpanded', 'false');
    expect(screen.queryByRole('link', { name: 'Features' })).toBeNull();
  });

  it('opens with ArrowDown on the first entry and moves with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Features'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Login');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('How It Works');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Login');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Features');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    expect(trigger).toHaveProperty('ariaExpanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Testimonials' }));
    await user.click(trigger);
    screen.getByRole('link', { name: 'Features' }).focus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveProperty('ariaExpanded', 'false');
    expect(document.activeElement).toBe(trigger);
  });

  it('navigates inside the app and closes', async () => {
    const user = userEvent.setup();
    const { router, trigger } = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('link', { name: 'How It Works' }));
    expect(router.state.location.pathname).toBe('/how-it-works');
    expect(trigger).toHaveProperty('ariaExpanded', 'false');
  });

  it('runs an action entry', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    const { trigger } = renderMenu(onLogin);
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });
});
