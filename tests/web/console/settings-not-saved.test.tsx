import { render, screen } from '@testing-library/react';
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
});
