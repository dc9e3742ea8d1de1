import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatAssistant } from '../../../src-web/features/chat/ChatAssistant.tsx';
import { GREETING } from '../../../src-web/features/chat/reply-rules.ts';
import { installViewport } from '../marketing/viewport.ts';

const HOURS = 'Monday to Friday, 9am to 5pm';

beforeEach(() => {
  installViewport(1280);
  // Fake timers that still let Testing Library's waits run: time moves only when the test says so, plus real ticks.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openChat() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  // The assistant sits on every page; /contact here shows the subject the form would start with.
  const router = createMemoryRouter(
    [
      { path: '/', element: <ChatAssistant /> },
      { path: '/contact', element: <ContactStub /> },
      { path: '/pricing', element: <p>Pricing page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  await user.click(screen.getByRole('button', { name: 'Open chat assistant' }));
  const panel = await screen.findByRole('region', { name: 'HireAssist Assistant' });
  return { user, panel };
}

function ContactStub() {
  const { state } = useLocation() as { state: { subject?: string } | null };
  return <p>Contact page, subject: {state?.subject ?? '(none)'}</p>;
}

const messages = (panel: HTMLElement) =>
  within(panel).getByRole('list', { name: 'Conversation' }).querySelectorAll('li[data-sender]');
const texts = (panel: HTMLElement) => [...messages(panel)].map((item) => item.querySelector('p')?.textContent);
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the chat assistant', () => {
  it('starts closed, opens from the floating button with the greeting, and closes again', async () => {
    const { user, panel } = await openChat();
    expect(texts(panel)).toEqual([GREETING]);
    expect(messages(panel)[0]?.getAttribute('data-sender')).toBe('bot');
    expect(panel.style.height).toBe('500px');
    const input = within(panel).getByLabelText('Your message');
    await waitFor(() => expect(document.activeElement).toBe(input));

    await user.click(within(panel).getByRole('button', { name: 'Close chat' }));
    expect(panel.hidden).toBe(true);
    const launcher = screen.getByRole('button', { name: 'Open chat assistant' });
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(launcher);
  });

  it('appends the message, clears the input, shows typing, and replies after 1500 ms', async () => {
    const { panel } = await openChat();
    // The clock held still from here, so the 1500 ms can be watched exactly.
    vi.useFakeTimers();
    const input = within(panel).getByLabelText('Your message') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'What are your hours?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send message' }));

    expect(input.value).toBe('');
    expect(texts(panel)).toEqual([GREETING, 'What are your hours?']);
    expect(within(panel).getByText('The assistant is typing')).toBeTruthy();

    await advance(1499);
    expect(texts(panel)).toHaveLength(2);
    expect(within(panel).queryByText(new RegExp(HOURS))).toBeNull();

    await advance(1);
    expect(texts(panel)).toHaveLength(3);
    expect(texts(panel)[2]).toContain(HOURS);
    expect(within(panel).queryByText('The assistant is typing')).toBeNull();
    // The reply is read out once, through the live region.
    const live = panel.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toContain(HOURS);
  });

  it('a screen reader hears the same reply again when the question is asked again (the live region changes)', async () => {
    const { panel } = await openChat();
    vi.useFakeTimers();
    const ask = async (question: string) => {
      fireEvent.change(within(panel).getByLabelText('Your message'), { target: { value: question } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Send message' }));
      await advance(1500);
    };
    const live = panel.querySelector('[aria-live="polite"]');
    await ask('What are your hours?');
    expect(live?.textContent).toContain(HOURS);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(live as Node, { childList: true, characterData: true, subtree: true });
    await ask('What are your hours?');
    observer.disconnect();
    expect(texts(panel).filter((text) => text?.includes(HOURS))).toHaveLength(2);
    expect(live?.textContent).toContain(HOURS);
    expect(changes.length).toBeGreaterThan(0);
  });

  it('gives every message an id, a sender and a time', async () => {
    const { user, panel } = await openChat();
    await user.type(within(panel).getByLabelText('Your message'), 'pricing{Enter}');
    await advance(1500);
    const items = [...messages(panel)];
    expect(items.map((item) => item.getAttribute('data-sender'))).toEqual(['bot', 'user', 'bot']);
    for (const item of items) expect(item.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('ignores empty and whitespace-only messages, with the send button disabled', async () => {
    const { user, panel } = await openChat();
    const send = within(panel).getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const input = within(panel).getByLabelText('Your message');
    await user.type(input, '   ');
    expect(send.disabled).toBe(true);
    await user.type(input, '{Enter}');
    await advance(2000);
    expect(texts(panel)).toEqual([GREETING]);
  });

  it('minimised, hides messages and input and offers the two quick actions', async () => {
    const { user, panel } = await openChat();
    await user.click(within(panel).getByRole('button', { name: 'Minimise chat' }));
    expect(within(panel).queryByRole('list', { name: 'Conversation' })).toBeNull();
    expect(within(panel).queryByLabelText('Your message')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Tell me about HireAssist' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: "I'd like a demo" })).toBeTruthy();
    expect(panel.getAttribute('data-view')).toBe('minimised');

    await user.click(within(panel).getByRole('button', { name: 'Expand chat' }));
    expect(texts(panel)).toEqual([GREETING]);
  });

  it('a quick action expands the panel, fills the input, and sends after 100 ms', async () => {
    const { user, panel } = await openChat();
    await user.click(within(panel).getByRole('button', { name: 'Minimise chat' }));
    // The clock held still from here, so the 100 ms can be watched exactly.
    vi.useFakeTimers();
    fireEvent.click(within(panel).getByRole('button', { name: "I'd like a demo" }));
    expect(panel.getAttribute('data-view')).toBe('open');
    const input = within(panel).getByLabelText('Your message') as HTMLInputElement;
    expect(input.value).toBe("I'd like a demo");
    expect(texts(panel)).toEqual([GREETING]);

    await advance(99);
    expect(input.value).toBe("I'd like a demo");
    await advance(1);
    expect(input.value).toBe('');
    expect(texts(panel)).toEqual([GREETING, "I'd like a demo"]);
    expect(within(panel).getByText('The assistant is typing')).toBeTruthy();
    await advance(1500);
    expect(texts(panel)[2]).toContain('30 minutes');
  });

  it('keeps the conversation when closed and opened again', async () => {
    const { user, panel } = await openChat();
    await user.type(within(panel).getByLabelText('Your message'), 'hello{Enter}');
    await advance(1500);
    await user.click(screen.getByRole('button', { name: 'Close chat assistant' }));
    await user.click(screen.getByRole('button', { name: 'Open chat assistant' }));
    expect(texts(panel)).toHaveLength(3);
  });

  it('closes with Escape', async () => {
    const { user, panel } = await openChat();
    await user.keyboard('{Escape}');
    expect(panel.hidden).toBe(true);
  });

  it.each([
    ["I'd like a demo", 'Request a demo', 'Contact page, subject: Demo Request'],
    ['How much does it cost?', 'See pricing', 'Pricing page'],
    ['Can I talk to a human?', 'Open the contact form', 'Contact page, subject: Question from the chat assistant'],
  ])('answers “%s” with a link “%s” that goes there', async (question, label, landing) => {
    const { user, panel } = await openChat();
    await user.type(within(panel).getByLabelText('Your message'), `${question}{Enter}`);
    await advance(1500);
    const link = await within(panel).findByRole('link', { name: label });
    await user.click(link);
    expect(await screen.findByText(landing)).toBeTruthy();
  });
});

describe("following a reply's link", () => {
  /** The assistant on every page, as the app's layout has it, so it outlives the navigation. */
  async function openChatOnEveryPage() {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Outlet />
              <ChatAssistant />
            </>
          ),
          children: [
            { path: '/', element: <p>Home page</p> },
            { path: '/contact', element: <ContactStub /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: 'Open chat assistant' }));
    const panel = await screen.findByRole('region', { name: 'HireAssist Assistant' });
    await user.type(within(panel).getByLabelText('Your message'), 'Can I talk to a human?{Enter}');
    await advance(1500);
    await user.click(await within(panel).findByRole('link', { name: 'Open the contact form' }));
    expect(await screen.findByText('Contact page, subject: Question from the chat assistant')).toBeTruthy();
    return panel;
  }

  it('on a phone closes the panel, which covered the page it opens, and keeps the conversation', async () => {
    installViewport(390);
    const panel = await openChatOnEveryPage();
    expect(panel.hidden).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat assistant' }));
    expect(texts(panel)).toHaveLength(3);
  });

  it('on a laptop leaves the panel open beside the page', async () => {
    const panel = await openChatOnEveryPage();
    expect(within(panel).getByRole('button', { name: 'Minimise chat' })).toBeTruthy();
  });
});
