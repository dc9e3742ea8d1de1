import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from '../../../src-desktop/renderer/ConsoleApp.tsx';
import { consoleBridge } from '../support/console-bridge.ts';
import { openedModal } from '../support/modal-dialog.ts';

describe("the console's server switch (renderer, main's bridge replaced)", () => {
  it('says so when the server left was not told of the sign-out, until dismissed', async () => {
    const signOutFailure =
      'https://old.example was not told of the sign-out: it could not be reached. Nothing of that session is kept on this computer, but that server may accept it until it expires.';
    const bridge = consoleBridge({
      serverUrl: 'https://old.example',
      switched: { ok: true, serverUrl: 'https://new.example', signOutFailure },
    });
    const user = userEvent.setup();
    render(<ConsoleApp bridge={bridge} />);

    // No session: the password dialog, whose Cancel goes to the server step.
    const dialog = await openedModal('alertdialog');
    within(dialog).getByText('Admin Authentication');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // hidden: in jsdom, Fluent's modal layer may keep the page aria-hidden a while after the
    // dialog closed (late on a loaded machine); the journeys check in Chromium that it does not.
    const address = await screen.findByRole('textbox', { name: /Server address/, hidden: true });
    await user.clear(address);
    await user.type(address, 'https://new.example');
    await user.click(screen.getByRole('button', { name: 'Continue', hidden: true }));

    expect(bridge.settings.setServerUrl).toHaveBeenCalledWith('https://new.example');
    await screen.findByText(signOutFailure);
    screen.getByText('Sign-out did not finish.');
    // On the new server all the same.
    screen.getByText('https://new.example');
    await user.click(screen.getByRole('button', { name: 'Dismiss: Sign-out did not finish.', hidden: true }));
    expect(screen.queryByText(signOutFailure)).toBeNull();
  });
});
