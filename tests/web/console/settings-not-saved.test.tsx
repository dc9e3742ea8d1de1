import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from '../../../src-desktop/renderer/ConsoleApp.tsx';
import { consoleBridge } from '../support/console-bridge.ts';

const SETTINGS_FILE = '/home/op/.config/HireAssist Console/settings.json';

describe("the console's settings it cannot save (renderer, main's bridge replaced)", () => {
  it('says so at start-up, and where the unreadable file is, when main could neither read nor replace it', async () => {
    const bridge = consoleBridge({
      serverUrl: 'https://admin.example.com',
      settings: { serverUrl: null, unsavedSettings: { keptAt: SETTINGS_FILE } },
    });
    render(<ConsoleApp bridge={bridge} />);
    // The first-run step (the defaults name no server), with the notice above it.
    await screen.findByRole('textbox', { name: /Server address/ });
    const notice = screen.getByText("The console's settings can't be saved.").closest('[role="status"]');
    expect(notice?.textContent).toContain(SETTINGS_FILE);
    expect(notice?.textContent).toContain('will forget');
  });

  it('says once, not at every screen, that the screen shown will not be remembered when main cannot write the file', async () => {
    const bridge = consoleBridge({
      serverUrl: 'https://admin.example.com',
      validate: { ok: true, value: true },
      lastScreenSaved: { ok: false, file: SETTINGS_FILE },
    });
    const user = userEvent.setup();
    render(<ConsoleApp bridge={bridge} />);
    const nav = await screen.findByRole('navigation', { name: 'Console screens' });
    const title = "The console's settings can't be saved.";

    await user.click(within(nav).getByRole('button', { name: /Users/ }));
    const notice = (await screen.findByText(title)).closest('[role="status"]');
    expect(notice?.textContent).toContain(SETTINGS_FILE);
    expect(notice?.textContent).toContain('next launch');
    await user.click(within(nav).getByRole('button', { name: /Audit log/ }));
    await waitFor(() => expect(bridge.settings.setLastScreen).toHaveBeenCalledTimes(2));
    expect(screen.getAllByText(title)).toHaveLength(1);

    // Put away, it stays away: every later screen fails the same way, and the operator knows.
    await user.click(screen.getByRole('button', { name: `Dismiss: ${title}` }));
    await user.click(within(nav).getByRole('button', { name: /Leads/ }));
    await waitFor(() => expect(bridge.settings.setLastScreen).toHaveBeenCalledTimes(3));
    expect(screen.queryByText(title)).toBeNull();
  });
});
