import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';
import { AffiliateForm } from '../../../src-web/features/affiliates/AffiliateForm.tsx';
import { submitAffiliateApplication } from '../../../src-web/features/affiliates/submit-application.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AFFILIATES_RATE_LIMIT: '1000' } });
  // jsdom lays nothing out: the form brings its message into view.
  Element.prototype.scrollIntoView = () => {};
}, 60_000);
afterAll(() => server.close());

const EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com.';

/** The form, sending to the real server; `sent` lists what it sent. */
function renderForm() {
  const sent: AffiliateApplicationFields[] = [];
  render(
    <AffiliateForm
      submit={(application) => {
        sent.push(application);
        return submitAffiliateApplication(application, { baseUrl: server.url });
      }}
    />,
  );
  return sent;
}

function apply(fields: { firstName?: string; lastName?: string; email: string }) {
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill(/^First Name/, fields.firstName ?? 'Ann');
  fill(/^Last Name/, fields.lastName ?? 'Lee');
  fill(/^Email/, fields.email);
  fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
}

const serverAnswer = (email: string) =>
  server
    .fetch('/api/affiliates/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ann', lastName: 'Lee', email }),
    })
    .then((response) => response.status);

const stored = (email: string) =>
  server.app.database.db.selectFrom('affiliate_applications').select('email').where('email', '=', email).execute();

describe('the affiliate form and the server take the same addresses', () => {
  it.each(['josé@example.com', 'ann..lee@example.com', 'ann@example.com.', '.ann@example.com', 'ann@-example.com'])(
    'refuses %s under the field, as the server does, and sends nothing',
    async (email) => {
      const sent = renderForm();
      apply({ email });
      expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
      expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);
      expect(await serverAnswer(email)).toBe(400);
    },
  );

  it('after a confirmation, "Submit another application" puts the keyboard in the empty form\'s first field', async () => {
    renderForm();
    apply({ email: 'ann.again@example.com' });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit another application' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/)));
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('');
  });

  it('puts the keyboard in the first field too when "Submit another application" is pressed before the page settles', async () => {
    // A quick hand (or a slow device): the press lands after the confirmation is on the page but
    // before React has run that render's effects. Clicking from a MutationObserver is that moment.
    const pressedEarly = new Promise<void>((pressed) => {
      const watch = new MutationObserver(() => {
        const another = screen.queryByRole('button', { name: 'Submit another application' });
        if (!another) return;
        watch.disconnect();
        fireEvent.click(another);
        pressed();
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
    renderForm();
    apply({ email: 'ann.quick@example.com' });
    await pressedEarly;
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/)));
  });

  it('sends a good address, and the server stores it', async () => {
    renderForm();
    apply({ email: 'ann.lee+affiliates@mail.example.co.uk' });
    expect((await screen.findByRole('status')).textContent).toContain('Application submitted successfully!');
    expect(await stored('ann.lee+affiliates@mail.example.co.uk')).toHaveLength(1);
  });

  it("folds a company pasted with a control character (Word's line break) into a space, as the contact form does, and the server stores it", async () => {
    const sent = renderForm();
    fireEvent.change(screen.getByLabelText(/^Company/), { target: { value: 'Compilers\u000b\r\nInc' } });
    apply({ email: 'ann.pasted@example.com' });
    expect((await screen.findByRole('status')).textContent).toContain('Application submitted successfully!');
    expect(sent.map((application) => application.company)).toEqual(['Compilers Inc']);
    const rows = await server.app.database.db
      .selectFrom('affiliate_applications')
      .select('company')
      .where('email', '=', 'ann.pasted@example.com')
      .execute();
    expect(rows).toEqual([{ company: 'Compilers Inc' }]);
  });

  it('calls a first name of zero-width characters alone (blank to the eye) required, sends nothing, as the server refuses it', async () => {
    const sent = renderForm();
    apply({ firstName: '\u200b\u200d', email: 'ann.invisible@example.com' });
    expect(await screen.findByText('First Name is required.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows a field the server refuses under that field, not as a failure to send', async () => {
    renderForm();
    // Longer than the input allows (maxLength stops typing, not a script or an old browser).
    apply({ firstName: 'A'.repeat(101), email: 'ann@example.com' });
    expect(await screen.findByText('First Name must be at most 100 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/^First Name/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^First Name/)));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the affiliate form after the server refuses too many applications (429 with Retry-After)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AFFILIATES_RATE_LIMIT: '1' } });
  }, 60_000);
  afterAll(() => limited.close());

  it('says to wait and for how long, keeps what was typed, and does not invite an immediate retry', async () => {
    render(<AffiliateForm submit={(application) => submitAffiliateApplication(application, { baseUrl: limited.url })} />);
    apply({ email: 'ann.first@example.com' });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit another application' }));
    apply({ email: 'ann.second@example.com' });
    const alert = await screen.findByRole('alert');
    // The server's window is 10 minutes (AFFILIATE_RATE_WINDOW), its Retry-After a few seconds under.
    expect(alert.textContent).toBe('You have sent several applications in a short time; please try again in 10 minutes.');
    expect(alert.textContent).not.toContain('Please try again or contact us');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ann.second@example.com');
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Ann');
  });
});
