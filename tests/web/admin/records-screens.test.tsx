import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  AffiliateApplicationsScreen,
  AuditScreen,
  NO_MAIL_DELIVERY,
  OutboxScreen,
} from '../../../src-shared/admin/OperatorScreens.tsx';
import type { OutboxMail } from '../../../src-shared/domain/admin.ts';
import type { AffiliateApplication } from '../../../src-shared/domain/affiliate.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';
import { renderWithStubbedAdminServer, STUB_ADMIN_URL } from '../support/admin-services-stub.tsx';

/**
 * The operator's read-only lists (outbox, affiliate applications, and the audit log's empty
 * state) with what each shows, what it asks the server for (pages, searches), and what it says
 * when there is nothing. The real fetch client reads a stubbed server: the answers are the
 * wire format, the rest is the screens' own. audit-screen.test.tsx and outbox-screen.test.tsx cover the same screens
 * against the real server (paging, server-side filters, Retry).
 */

type Answer = { status?: number; body: unknown };
/** The stubbed server: an answer for a request's path and query, or none (a 404). */
type Routes = (pathname: string, query: URLSearchParams) => Answer | undefined;

/** The screen inside the admin services, its API the real client over a fetch that answers from `routes`. */
function renderScreen(screenElement: ReactNode, routes: Routes, platform?: Platform) {
  const requests: URL[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), STUB_ADMIN_URL);
    requests.push(url);
    const route = routes(url.pathname, url.searchParams);
    if (!route) return Response.json({ success: false, error: `no stub for ${url.pathname}` }, { status: 404 });
    return Response.json(route.body, { status: route.status ?? 200 });
  });
  renderWithStubbedAdminServer(screenElement, fetchStub as typeof fetch, platform ? { platform } : {});
  return { requests };
}

/**
 * A server that pages `records` newest first (`size` a page, the cursor the next index) and
 * keeps those `matches(record, q)` accepts, answering them under `key`.
 */
function pagedServer<T>(
  path: string,
  key: string,
  records: T[],
  matches: (record: T, q: string) => boolean,
  extra: Record<string, unknown> = {},
  size = 50,
): Routes {
  return (pathname, query) => {
    if (pathname !== path) return undefined;
    const q = query.get('q')?.toLowerCase() ?? '';
    const found = records.filter((record) => q === '' || matches(record, q));
    const start = Number(query.get('cursor') ?? 0);
    const page = found.slice(start, start + size);
    const next = start + size < found.length ? String(start + size) : null;
    const total = query.has('cursor') ? null : found.length;
    return { body: { success: true, [key]: page, nextCursor: next, total, totalIsEstimate: false, ...extra } };
  };
}

const rows = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1);
/**
 * A row's text as a screen reader reads it: without the field names a phone shows beside each
 * value (aria-hidden, the column headers say them).
 */
const rowTexts = (table: string) =>
  rows(table).map((row) => {
    const heard = row.cloneNode(true) as HTMLElement;
    heard.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return heard.textContent ?? '';
  });
// Five pages answered one after another: more than findByText's default second on two busy cores.
const summary = (text: string) => screen.findByText(text, undefined, { timeout: 10_000 });

const mail = (id: number, fields: Partial<OutboxMail>): OutboxMail => ({
  id,
  to: `person${id}@example.com`,
  subject: 'Subject',
  kind: 'welcome',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-10-02T09:00:00.000Z',
  sentAt: null,
  ...fields,
});

const MAILS: OutboxMail[] = [
  mail(3, {
    to: 'bounced@example.com',
    subject: 'Your verification code',
    kind: 'signup-code',
    status: 'failed',
    attempts: 5,
    lastError: 'smtp refused',
  }),
  mail(2, { to: 'ada@example.com', subject: 'Welcome to HireAssist', kind: 'welcome', status: 'sent' }),
  mail(1, { to: 'grace@example.com', subject: 'Your invitation', kind: 'invite', status: 'queued', attempts: 0 }),
];

const outbox = (mails: OutboxMail[], deliveryConfigured = true): Routes =>
  pagedServer(
    '/api/admin/outbox',
    'mails',
    mails,
    (mail, q) => [mail.to, mail.subject, mail.kind, mail.status].some((field) => field.toLowerCase().includes(q)),
    { deliveryConfigured },
  );

describe('the mail outbox screen', () => {
  it('lists each mail with recipient, subject, kind, status, attempts and last error, and Retry only on a failed one', async () => {
    renderScreen(<OutboxScreen />, outbox(MAILS));
    expect(await summary('Showing 3 of 3 mails')).toBeTruthy();
    const [failed, sent, queued] = rowTexts('Mail Outbox');
    expect(failed).toMatch(/bounced@example\.com.*Your verification code.*signup-code.*failed.*5.*smtp refused/);
    expect(sent).toMatch(/ada@example\.com.*Welcome to HireAssist.*welcome.*sent.*1.*—/);
    expect(queued).toMatch(/grace@example\.com.*Your invitation.*invite.*queued.*0/);
    expect(screen.getAllByRole('button', { name: /^Retry/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Retry the mail to bounced@example.com',
    ]);
    // Delivery is configured: no banner saying mail stays in the outbox.
    expect(screen.queryByText(NO_MAIL_DELIVERY)).toBeNull();
  });

  it('says mail is kept when the server has no delivery configured', async () => {
    renderScreen(<OutboxScreen />, outbox(MAILS, false));
    expect(await screen.findByText(NO_MAIL_DELIVERY)).toBeTruthy();
  });

  it('asks the server to search recipient, subject, kind and status, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen(<OutboxScreen />, outbox(MAILS));
    await summary('Showing 3 of 3 mails');
    const search = screen.getByLabelText('Search by recipient, subject, kind or status');
    for (const [query, expected] of [
      ['GRACE@', ['grace@example.com']],
      ['welcome to', ['ada@example.com']],
      ['signup-code', ['bounced@example.com']],
      ['queued', ['grace@example.com']],
    ] as const) {
      await user.clear(search);
      await user.type(search, query);
      await waitFor(() =>
        expect(
          rowTexts('Mail Outbox').map((text) => /[a-z0-9]+@example\.com/.exec(text)?.[0]),
          query,
        ).toEqual(expected),
      );
      expect(screen.getByText('Showing 1 of 1 mail')).toBeTruthy();
      expect(requests.at(-1)?.searchParams.get('q')).toBe(query);
    }
    await user.clear(search);
    await user.type(search, 'nobody at all');
    expect(await screen.findByText('No mails found matching your search.')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 mails')).toBeTruthy();
    await user.clear(search);
    await waitFor(() => expect(rows('Mail Outbox')).toHaveLength(3));
    expect(screen.queryByText('No mails found matching your search.')).toBeNull();
  });

  it('says there is no mail yet when the outbox is empty', async () => {
    renderScreen(<OutboxScreen />, outbox([]));
    expect(await screen.findByText('No mails yet.')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 mails')).toBeTruthy();
    expect(rows('Mail Outbox')).toEqual([]);
  });

  it("shows the server's error when the list cannot be loaded", async () => {
    renderScreen(<OutboxScreen />, (pathname) =>
      pathname === '/api/admin/outbox'
        ? { status: 500, body: { success: false, error: 'The outbox is unavailable' } }
        : undefined,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The outbox is unavailable');
    expect(rows('Mail Outbox')).toEqual([]);
  });
});

const application = (id: number, fields: Partial<AffiliateApplication>): AffiliateApplication => ({
  id,
  firstName: 'First',
  lastName: 'Last',
  email: `applicant${id}@example.com`,
  company: '',
  website: '',
  experience: '',
  audience: '',
  motivation: '',
  createdAt: '2026-10-05T14:30:00.000Z',
  ...fields,
});

const APPLICATIONS: AffiliateApplication[] = [
  application(2, {
    firstName: 'Noor',
    lastName: 'Haddad',
    email: 'noor@talentbridge.example',
    company: 'TalentBridge',
    website: 'https://talentbridge.example',
    experience: 'advanced',
    audience: 'HR leaders in logistics',
    motivation: 'Our readers hire drivers every week',
  }),
  application(1, { firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.com' }),
];

const affiliates = (applications: AffiliateApplication[]): Routes =>
  pagedServer('/api/admin/affiliate-applications', 'applications', applications, (app, q) =>
    [`${app.firstName} ${app.lastName}`, app.email, app.company].some((field) => field.toLowerCase().includes(q)),
  );

describe('the affiliate applications screen', () => {
  it('lists each application with name, a mail link, company, website, experience, audience and motivation', async () => {
    renderScreen(<AffiliateApplicationsScreen />, affiliates(APPLICATIONS));
    expect(await summary('Showing 2 of 2 applications')).toBeTruthy();
    const [noor, sam] = rowTexts('Affiliate Applications');
    expect(noor).toMatch(
      /Noor Haddad.*noor@talentbridge\.example.*TalentBridge.*https:\/\/talentbridge\.example.*Advanced \(5\+ years\).*HR leaders in logistics.*Our readers hire drivers every week/,
    );
    // Fields the applicant left empty show a dash, not nothing.
    expect(sam).toMatch(/Sam Okafor.*sam@example\.com(—){5}$/);
    expect(screen.getByRole('link', { name: 'noor@talentbridge.example' }).getAttribute('href')).toBe(
      'mailto:noor@talentbridge.example',
    );
  });

  it('opens the whole application from its name, its long answers clamped in the table but not in the drawer', async () => {
    const user = userEvent.setup();
    const long = `${'Recruiters in healthcare and logistics. '.repeat(45)}End.`;
    renderScreen(
      <AffiliateApplicationsScreen />,
      affiliates([application(3, { firstName: 'Lena', lastName: 'Long', audience: long })]),
    );
    await summary('Showing 1 of 1 application');
    await user.click(screen.getByRole('button', { name: 'Open the application of Lena Long' }));
    const drawer = await screen.findByRole('dialog', { name: 'Lena Long' });
    expect(within(drawer).getByText(long)).toBeTruthy();
    expect(within(drawer).getByText('applicant3@example.com')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens the applicant's mail link through the platform (platform replaced: in the console, main hands it to the mail app)", async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const platform: Platform = {
      saveExport: async () => ({ status: 'cancelled' }),
      openExternal: async (url) => void opened.push(url),
    };
    renderScreen(<AffiliateApplicationsScreen />, affiliates(APPLICATIONS), platform);
    await summary('Showing 2 of 2 applications');
    await user.click(screen.getByRole('link', { name: 'noor@talentbridge.example' }));
    expect(opened).toEqual(['mailto:noor@talentbridge.example']);
  });

  it('asks the server to search name, email and company once the typing stops', async () => {
    const user = userEvent.setup();
    const { requests } = renderScreen(<AffiliateApplicationsScreen />, affiliates(APPLICATIONS));
    await summary('Showing 2 of 2 applications');
    const search = screen.getByLabelText('Search by name, email or company');
    await user.type(search, 'noor haddad');
    expect(await screen.findByText('Showing 1 of 1 application')).toBeTruthy();
    expect(rowTexts('Affiliate Applications')).toEqual([expect.stringContaining('Noor Haddad')]);
    // Debounced: one search for the whole text, not one a keystroke.
    expect(requests.filter((url) => url.searchParams.has('q')).map((url) => url.searchParams.get('q'))).toEqual(['noor haddad']);
    await user.clear(search);
    await user.type(search, 'SAM@');
    await waitFor(() => expect(rowTexts('Affiliate Applications')).toEqual([expect.stringContaining('Sam Okafor')]));
    await user.clear(search);
    await user.type(search, 'nobody at all');
    expect(await screen.findByText('No applications found matching your search.')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 applications')).toBeTruthy();
  });

  it('loads a page at a time, the next as the table nears its end, and points to no export the screen does not have', async () => {
    const many = Array.from({ length: 250 }, (_, index) => application(250 - index, {}));
    const { requests } = renderScreen(<AffiliateApplicationsScreen />, affiliates(many));
    // jsdom measures every row at no height, so all are in view and each page asks for the next.
    expect(await summary('Showing 250 of 250 applications')).toBeTruthy();
    expect(requests.map((url) => url.searchParams.get('cursor'))).toEqual([null, '50', '100', '150', '200']);
    expect(rows('Affiliate Applications').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByText(/Export CSV/)).toBeNull();
  });

  it('a search the server failed to answer shows its error and no count: not the count of the list before it', async () => {
    const user = userEvent.setup();
    const listed = affiliates(APPLICATIONS);
    renderScreen(<AffiliateApplicationsScreen />, (pathname, query) =>
      query.has('q') ? { status: 500, body: { success: false, error: 'Internal server error' } } : listed(pathname, query),
    );
    await summary('Showing 2 of 2 applications');
    await user.type(screen.getByLabelText('Search by name, email or company'), 'noor');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe('Internal server error');
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('says there are no applications yet when there are none', async () => {
    renderScreen(<AffiliateApplicationsScreen />, affiliates([]));
    expect(await screen.findByText('No applications yet.')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 applications')).toBeTruthy();
  });
});

describe("the records screens' summary", () => {
  /** One page of `records` and nothing after it, with the total the server claims. */
  const onePage =
    <T,>(path: string, key: string, records: T[], total: number | null): Routes =>
    (pathname) =>
      pathname === path
        ? { body: { success: true, [key]: records, nextCursor: null, total, totalIsEstimate: false, deliveryConfigured: true } }
        : undefined;

  it('makes the noun agree with the total when there is one, else with the count shown', async () => {
    const [noor] = APPLICATIONS;
    renderScreen(<AffiliateApplicationsScreen />, onePage('/api/admin/affiliate-applications', 'applications', [noor], 5));
    expect(await summary('Showing 1 of 5 applications')).toBeTruthy();
  });

  it('says "Showing 1 application" when no total is known and one is shown', async () => {
    const [noor] = APPLICATIONS;
    renderScreen(<AffiliateApplicationsScreen />, onePage('/api/admin/affiliate-applications', 'applications', [noor], null));
    expect(await summary('Showing 1 application')).toBeTruthy();
  });

  it('groups the thousands of a count as it does those of an estimate: "Showing 1 of 12,345 mails"', async () => {
    renderScreen(<OutboxScreen />, onePage('/api/admin/outbox', 'mails', [MAILS[0]], 12_345));
    expect(await summary('Showing 1 of 12,345 mails')).toBeTruthy();
  });

  it('says "Showing 1 of 1 mail" for a single mail', async () => {
    renderScreen(<OutboxScreen />, onePage('/api/admin/outbox', 'mails', [MAILS[0]], 1));
    expect(await summary('Showing 1 of 1 mail')).toBeTruthy();
  });
});

describe('the audit log screen', () => {
  it('says there are no events yet when the log is empty, and asks the server for the newest page', async () => {
    const { requests } = renderScreen(<AuditScreen />, (pathname) =>
      pathname === '/api/admin/audit' ? { body: { success: true, events: [], nextCursor: null, total: 0 } } : undefined,
    );
    expect(await screen.findByText('No events yet.')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 events')).toBeTruthy();
    await waitFor(() => expect(requests.map((url) => url.pathname)).toContain('/api/admin/audit'));
  });
});
