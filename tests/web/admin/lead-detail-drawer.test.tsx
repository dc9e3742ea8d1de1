import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LeadDetailDrawer } from '../../../src-shared/admin/LeadDetailDrawer.tsx';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import type { LeadDetail } from '../../../src-shared/domain/admin-lists.ts';
import { renderWithStubbedAdminServer, STUB_ADMIN_URL } from '../support/admin-services-stub.tsx';

/**
 * The lead drawer with the real fetch client over a stubbed server: which lead it asks the
 * server about, and what it shows of the answer. leads-screen.test.tsx opens it against the
 * real server.
 */

function renderDrawer(lead: Lead, detail?: LeadDetail) {
  const requests: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), STUB_ADMIN_URL);
    requests.push(pathname);
    if (detail && pathname === `/api/admin/leads/${lead.id}`) return Response.json({ success: true, detail });
    return Response.json({ success: false, error: 'No lead with this id in this database' }, { status: 404 });
  });
  renderWithStubbedAdminServer(<LeadDetailDrawer lead={lead} onClose={() => {}} />, fetchStub as typeof fetch);
  return { requests };
}

describe('the lead detail drawer', () => {
  it('never asks our database about a hosted lead, even one whose id is a number, and says only its row is known', async () => {
    const hosted: Lead = {
      id: 5,
      name: 'Hosted Five',
      email: 'five@hosted.example',
      source: 'contact',
      created_at: '2026-10-05T14:30:00.000Z',
      hosted: true,
    };
    const { requests } = renderDrawer(hosted, {
      lead: { ...hosted, name: 'Someone Else' },
      messages: [{ subject: 'Private', message: 'Not this person', createdAt: '2026-10-05T14:30:00.000Z' }],
      affiliateApplication: null,
      signup: null,
    });
    expect(await screen.findByText('This lead comes from the hosted leads table; only its row is known.')).toBeTruthy();
    expect(screen.getByText('five@hosted.example')).toBeTruthy();
    // Give a request that should not exist the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(screen.queryByText(/Not this person/)).toBeNull();
  });

  it("shows an affiliate lead's experience as the form's label, not its stored value", async () => {
    const lead: Lead = {
      id: 7,
      name: 'Noor Haddad',
      email: 'noor@talentbridge.example',
      source: 'affiliate',
      created_at: '2026-10-05T14:30:00.000Z',
    };
    const { requests } = renderDrawer(lead, {
      lead,
      messages: [],
      affiliateApplication: {
        firstName: 'Noor',
        lastName: 'Haddad',
        email: 'noor@talentbridge.example',
        company: 'TalentBridge',
        website: '',
        experience: 'advanced',
        audience: 'HR leaders',
        motivation: 'Our readers hire',
        createdAt: '2026-10-05T14:30:00.000Z',
      },
      signup: null,
    });
    const application = await screen.findByRole('region', { name: 'Affiliate application' }, { timeout: 5000 });
    expect(requests).toEqual(['/api/admin/leads/7']);
    expect(within(application).getByText('Advanced (5+ years)')).toBeTruthy();
    expect(within(application).queryByText('advanced')).toBeNull();
  });

  it('asks for the password again when the server no longer accepts the session', async () => {
    const lead: Lead = {
      id: 9,
      name: 'Ada',
      email: 'ada@example.com',
      source: 'contact',
      created_at: '2026-10-05T14:30:00.000Z',
    };
    const sessionLost = vi.fn();
    const fetchStub = vi.fn(async () => Response.json({ success: false, error: 'Invalid or expired token' }, { status: 401 }));
    renderWithStubbedAdminServer(<LeadDetailDrawer lead={lead} onClose={() => {}} />, fetchStub as typeof fetch, { sessionLost });
    await waitFor(() => expect(sessionLost).toHaveBeenCalledTimes(1));
  });
});
