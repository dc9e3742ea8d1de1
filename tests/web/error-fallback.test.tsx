import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ErrorFallback } from '../../src-web/app/error/ErrorFallback.tsx';

function Broken(): never {
  throw new Error('profile card exploded');
}

describe('the error fallback screen', () => {
  it('replaces a page that throws, with Reload Page, Go Home and the details in development', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorFallback /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('error-details').textContent).toContain('profile card exploded');
  });
});
