import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AffiliateForm } from '../../../src-web/features/affiliates/AffiliateForm.tsx';
import { ContactForm } from '../../../src-web/features/contact/ContactForm.tsx';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

/**
 * The contact form and the affiliate form, each against the real server, say the same thing
 * under a field for the same problem: a required field left blank, a mistyped address, a value
 * longer than the server takes (a script or an old browser ignores the input's maxLength).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AFFILIATES_RATE_LIMIT: '1000', CONTACT_RATE_LIMIT_MAX: '1000' } });
  Element.prototype.scrollIntoView = () => {};
  // Both forms call their own origin: the real server's.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${server.url}${input}`, init));
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});
afterEach(cleanup);

const set = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The text under the field, as its aria-describedby points a screen reader at it. */
const under = (label: RegExp) =>
  document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;

async function contactSays(values: { name: string; email: string; subject?: string }, label: RegExp) {
  render(
    <MemoryRouter>
      <ContactForm initialSubject="" />
    </MemoryRouter>,
  );
  set(/^Name/, values.name);
  set(/^Email/, values.email);
  set(/^Subject/, values.subject ?? '');
  set(/^Message/, 'Hello');
  fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
  await screen.findByText('Please correct the fields marked below.');
  return under(label);
}

async function affiliateSays(values: { firstName: string; email: string; company?: string }, label: RegExp) {
  render(<AffiliateForm />);
  set(/^First Name/, values.firstName);
  set(/^Last Name/, 'Lee');
  set(/^Email/, values.email);
  set(/^Company/, values.company ?? '');
  fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
  await vi.waitFor(() => expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true'));
  return under(label);
}

describe('the public forms name the same problem with the same words', () => {
  it('a required name left blank', async () => {
    expect(await contactSays({ name: '', email: 'ann@example.com' }, /^Name/)).toBe('Name is required.');
    cleanup();
    expect(await affiliateSays({ firstName: '', email: 'ann@example.com' }, /^First Name/)).toBe('First Name is required.');
  });

  it('an address left blank', async () => {
    expect(await contactSays({ name: 'Ann', email: '' }, /^Email/)).toBe('Email is required.');
    cleanup();
    expect(await affiliateSays({ firstName: 'Ann', email: '' }, /^Email/)).toBe('Email is required.');
  });

  it('a mistyped address', async () => {
    const message = 'Enter a valid email address, like name@example.com.';
    expect(await contactSays({ name: 'Ann', email: 'ann@example' }, /^Email/)).toBe(message);
    cleanup();
    expect(await affiliateSays({ firstName: 'Ann', email: 'ann@example' }, /^Email/)).toBe(message);
  });

  it('a value longer than the server takes', async () => {
    expect(await contactSays({ name: 'Ann', email: 'ann@example.com', subject: 'x'.repeat(201) }, /^Subject/)).toBe(
      'Subject must be at most 200 characters.',
    );
    cleanup();
    expect(await affiliateSays({ firstName: 'Ann', email: 'ann@example.com', company: 'x'.repeat(201) }, /^Company/)).toBe(
      'Company must be at most 200 characters.',
    );
  });
});
