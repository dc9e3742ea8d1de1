import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminServicesProvider } from '../../../src-shared/admin/admin-services.tsx';
import { LeadDetailDrawer } from '../../../src-shared/admin/LeadDetailDrawer.tsx';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { Lead } from '../../../src-shared/domain/admin.ts';
import type { LeadDetail } from '../../../src-shared/domain/admin-lists.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';

/**
 * The lead drawer with the real fetch client over a stubbed server: which lead it asks the
 * server about, and what it shows of the answer. leads-screen.test.tsx opens it against the
 * real server.
 */

function renderDrawer(lead: Lead, detail?: LeadDetail) {
  const requests: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://admin.test');
    requests.push(pathname);
    if (detail && pathname === `/api/admin/leads/${lead.id}`) return Response.json({ success: true, detail });
    return Response.json({ success: false, error: 'No lead with this id in this database' }, { status: 404 });
  });
  const api = createFetchAdminApi({
    baseUrl: 'http://admin.test',
    tokenStore: createMemoryTokenStore(),
    fetch: fetchStub as typeof fetch,
  });
  const platform: Platform = {
    saveFile: async () => ({ status: 'cancelled' }),
    openExternal: async () => {},
    saveExport: async () => ({ status: 'cancelled' }),
  };
  render(
    <AdminServicesProvider value={{ api, platform, sessionLost: () => {} }}>
      <LeadDetailDrawer lead={lead} onClose={() => {}} />
    </AdminServicesProvider>,
  );
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
});
