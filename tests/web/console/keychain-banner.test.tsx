import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_LEFT_IN_KEYCHAIN } from '../../../src-desktop/contract/bridge.ts';
import { ConsoleApp } from '../../../src-desktop/renderer/ConsoleApp.tsx';
import { consoleBridge } from '../support/console-bridge.ts';

const SERVER = 'https://admin.example.com';

/** The keychain banner's text, once the console shows it. */
async function keychainBanner(): Promise<string> {
  const title = await screen.findByText('The OS keychain is unavailable.', undefined, { timeout: 15_000 });
  return title.closest('[role="status"]')?.textContent ?? '';
}

describe("the console's keychain banner (renderer, main's bridge replaced)", () => {
  it('says the next launch asks for the password again when the session is kept in memory only', async () => {
    render(<ConsoleApp bridge={consoleBridge({ serverUrl: SERVER, tokenStorage: 'memory' })} />);
    expect(await keychainBanner()).toContain('the next launch will ask for the password again');
  });

  it('says plainly, when the settings could not be saved either, that the keychain still holds a session and how to remove it', async () => {
    render(<ConsoleApp bridge={consoleBridge({ serverUrl: SERVER, tokenStorage: SESSION_LEFT_IN_KEYCHAIN })} />);
    const text = await keychainBanner();
    // Not the memory-only promise, which is false now: a later launch may find that session.
    expect(text).not.toContain('will ask for the password again');
    expect(text).toContain("settings can't be saved");
    expect(text).toContain('may sign in with it');
    expect(text).toContain('delete the "HireAssist Console" entries');
  });
});
