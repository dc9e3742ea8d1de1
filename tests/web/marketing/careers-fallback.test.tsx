import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import company from '../../../content/company.json';
import { serveConfig } from './pricing-support.tsx';

afterEach(() => vi.unstubAllGlobals());

async function renderCareers() {
  const { CareersPage } = await import('../../../src-web/features/marketing/careers/CareersPage.tsx');
  const router = createMemoryRouter([{ path: '/careers', element: <CareersPage /> }], { initialEntries: ['/careers'] });
  render(<RouterProvider router={router} />);
}

describe('the Jobs page (/careers) when its job portal does not load', () => {
  // Each test reads its own /api/config (the app reads it once per page load).
  beforeEach(() => vi.resetModules());

  it('embeds the configured portal while it loads', async () => {
    serveConfig(false);
    await renderCareers();
    const frame = (await screen.findByTitle('HireAssist job portal: open positions')) as HTMLIFrameElement;
    expect(frame.src).toBe('https://careers.example/jobs');
    fireEvent.load(frame);
    expect(screen.queryByText('Unable to load the job portal')).toBeNull();
  });

  it('replaces a portal that fails with a message, Open in New Tab and the careers email', async () => {
    serveConfig(false);
    await renderCareers();
    fireEvent.error(await screen.findByTitle('HireAssist job portal: open positions'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load the job portal');
    expect(screen.queryByTitle('HireAssist job portal: open positions')).toBeNull();
    const open = screen.getByRole('link', { name: 'Open in New Tab' }) as HTMLAnchorElement;
    expect(open.href).toBe('https://careers.example/jobs');
    expect(open.target).toBe('_blank');
    const mail = [...alert.querySelectorAll('a')].find((link) => link.href === `mailto:${company.careersEmail}`);
    expect(mail?.textContent).toBe(company.careersEmail);
  });

  it('catches a portal that fails the moment it is inserted, before the page has painted', async () => {
    serveConfig(false);
    // A browser may fire the frame's error before React's passive effects run: fire it from a
    // mutation observer, which runs right after the commit that inserts the frame.
    const observer = new MutationObserver(() => {
      const frame = document.querySelector('iframe');
      if (!frame) return;
      observer.disconnect();
      frame.dispatchEvent(new Event('error'));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await renderCareers();
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to load the job portal');
  });

  it('falls back when the portal’s host does not answer (browsers fire load even for their own error page)', async () => {
    serveConfig(false);
    const answer = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input).startsWith('https://careers.example/')) throw new TypeError('Failed to fetch');
      return answer ? answer(input, init) : new Response('{}', { status: 404 });
    });
    await renderCareers();
    fireEvent.load(await screen.findByTitle('HireAssist job portal: open positions'));
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to load the job portal');
  });

  it('offers the careers email when the page cannot read its configuration', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    await renderCareers();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load the job portal');
    expect(alert.textContent).toContain(company.careersEmail);
  });
});
