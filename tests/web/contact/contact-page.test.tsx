import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import company from '../../../content/company.json';
import { ContactPage } from '../../../src-web/features/contact/ContactPage.tsx';

const SUCCESS = "Your message has been sent successfully! We'll get back to you soon.";
const FAILURE = 'There was an error sending your message. Please try again later.';

/** What the contact endpoint answers next; the rest of the page's requests get the public config. */
let answerContact: (body: unknown) => Promise<Response>;
const contactRequests: unknown[] = [];

beforeEach(() => {
  contactRequests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/contact') {
        const body: unknown = JSON.parse(String(init?.body));
        contactRequests.push(body);
        return answerContact(body);
      }
      return Response.json({ siteUrl: 'https://hireassist.example', version: '1' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The form control behind a label or role query. */
const field = (element: HTMLElement) => element as HTMLInputElement;
/** The text an element's aria-describedby points at, as a screen reader hears it. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(Response.json(body, { status, headers }));

function renderContact(state?: { subject: string }) {
  const router = createMemoryRouter([{ path: '/contact', element: <ContactPage /> }], {
    initialEntries: [{ pathname: '/contact', state }],
  });
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
}

describe('the contact page', () => {
  it('shows the form with required markers, six message rows, the contact details and the hours', () => {
    renderContact();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Send us a message' });
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(field(screen.getByLabelText(/^Name/)).required).toBe(true);
    expect(field(screen.getByLabelText(/^Email/)).required).toBe(true);
    expect(screen.getByLabelText(/^Email/)?.getAttribute('type')).toBe('email');
    expect(field(screen.getByLabelText(/^Subject/)).required).toBe(false);
    expect(field(screen.getByLabelText(/^Message/)).required).toBe(true);
    expect(screen.getByLabelText(/^Message/)?.getAttribute('rows')).toBe('6');
    expect(screen.getByRole('link', { name: company.email })?.getAttribute('href')).toBe(`mailto:${company.email}`);
    expect(screen.getByRole('link', { name: company.phone })).toBeTruthy();
    expect(screen.getByText(/Tampa, FL 33602/)).toBeTruthy();
    expect(screen.getByText('Monday to Friday, 9:00 AM to 6:00 PM Eastern Time')).toBeTruthy();
    expect(field(screen.getByRole('button', { name: 'Send Message' })).disabled).toBe(false);
  });

  it('pre-fills the subject handed over in navigation state', () => {
    renderContact({ subject: 'Demo Request' });
    expect(field(screen.getByLabelText(/^Subject/)).value).toBe('Demo Request');
  });

  it('shows Sending... on a disabled button while sending, then the success message and a cleared form', async () => {
    let respond: (response: Response) => void = () => {};
    answerContact = () => new Promise((resolve) => (respond = resolve));
    const user = renderContact({ subject: 'Demo Request' });
    await fillIn(user, { Name: 'Grace Hopper', Email: 'grace@navy.example', Message: 'Show me the shortlist' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(field(button).disabled).toBe(true);
    expect(contactRequests).toEqual([
      {
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        subject: 'Demo Request',
        message: 'Show me the shortlist',
        website: '',
      },
    ]);

    respond(Response.json({ ok: true }, { status: 201 }));
    expect(await screen.findByText(SUCCESS)).toBeTruthy();
    expect(field(screen.getByRole('button', { name: 'Send Message' })).disabled).toBe(false);
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      expect(field(screen.getByLabelText(new RegExp(`^${label}`))).value).toBe('');
  });

  it('shows the error message and keeps what was typed when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerContact = () => json(500, { error: 'Something went wrong on our side. Please try again.', requestId: 'r1' });
    const user = renderContact();
    await fillIn(user, { Name: 'Ada', Email: 'ada@example.com', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FAILURE);
    expect(field(screen.getByLabelText(/^Message/)).value).toBe('Hello');
    expect(screen.queryByText(SUCCESS)).toBeNull();
  });

  it('shows the error message when the network is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerContact = () => Promise.reject(new TypeError('Failed to fetch'));
    const user = renderContact();
    await fillIn(user, { Name: 'Ada', Email: 'ada@example.com', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FAILURE);
  });

  it('shows the server’s complaints by each field, focuses the first, and drops one once the field is edited', async () => {
    answerContact = () =>
      json(400, {
        error: "Invalid request body: 'name' must not be empty; 'email' must be a valid email; 'message' must not be empty",
        fields: { name: 'must not be empty', email: 'must be a valid email', message: 'must not be empty' },
      });
    const user = renderContact();
    await fillIn(user, { Email: 'not-an-address' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name?.getAttribute('aria-invalid')).toBe('true');
    expect(description(name)).toBe('Name is required.');
    expect(description(screen.getByLabelText(/^Email/))).toBe('Enter a valid email address, like name@example.com.');
    expect(description(screen.getByLabelText(/^Message/))).toBe('Message is required.');
    expect(screen.getByLabelText(/^Subject/).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('alert').textContent).toContain('Please correct the fields marked below.');

    await user.type(name, 'Ada');
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText('Name is required.')).toBeNull();
    expect(screen.getByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
  });

  it('calls a name of zero-width characters alone (blank to the eye) required, as it does an empty one', async () => {
    answerContact = () =>
      json(400, { error: "Invalid request body: 'name' must not be empty", fields: { name: 'must not be empty' } });
    const user = renderContact();
    await fillIn(user, { Name: '\u200b\u200d\u2060', Email: 'ada@example.com', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(description(name)).toBe('Name is required.');
  });

  it('sends a name and subject pasted with line breaks or control characters on one line, as the affiliate form does', async () => {
    answerContact = () => json(201, { ok: true });
    const user = renderContact();
    // An input keeps a pasted control character (Word's line break) though it shows none; a script
    // sets CR and LF too. The server refuses them (tests/server/contact): the page folds them first.
    const change = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    change(/^Name/, 'Ada\u000bLovelace');
    change(/^Subject/, 'Pricing\r\n\u2028question');
    await fillIn(user, { Email: 'ada@example.com', Message: 'Line one\nline two' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(SUCCESS)).toBeTruthy();
    expect(contactRequests).toEqual([
      expect.objectContaining({ name: 'Ada Lovelace', subject: 'Pricing question', message: 'Line one\nline two' }),
    ]);
  });

  it('says when to try again after too many messages', async () => {
    answerContact = () =>
      json(429, { error: 'Too many requests. Please wait a moment and try again.' }, { 'retry-after': '540' });
    const user = renderContact();
    await fillIn(user, { Name: 'Ada', Email: 'ada@example.com', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FAILURE);
    expect(alert.textContent).toContain('please try again in 9 minutes');
  });

  it('still says to wait when a proxy dropped the Retry-After of a 429 (the answer mocked: our server always sends it)', async () => {
    answerContact = () => json(429, { error: 'Too many requests. Please wait a moment and try again.' });
    const user = renderContact();
    await fillIn(user, { Name: 'Ada', Email: 'ada@example.com', Message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('please try again in a few minutes');
    expect(field(screen.getByLabelText(/^Message/)).value).toBe('Hello');
  });

  it('sends the hidden honeypot field that bots fill, out of reach of keyboard and screen readers', () => {
    renderContact();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap?.getAttribute('tabindex')).toBe('-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
