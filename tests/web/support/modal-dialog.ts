import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A modal dialog once it has opened as a browser presents it. In jsdom Fluent's focus manager
 * keeps hiding a newly opened modal (aria-hidden) until focus is inside it, which a browser
 * does on opening; the e2e tests check that part in Chromium. Here focus is moved into the
 * dialog's first button or field, then the dialog must stop being hidden.
 */
export async function openedModal(role: 'dialog' | 'alertdialog'): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, { hidden: true }, { timeout: 15_000 });
  dialog.querySelector<HTMLElement>('input, textarea, button')?.focus();
  await waitFor(() => expect(dialog.getAttribute('aria-hidden')).toBeNull(), { timeout: 15_000 });
  return dialog;
}
