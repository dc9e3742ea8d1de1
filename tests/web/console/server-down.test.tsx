import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleApp } from '../../../src-desktop/renderer/ConsoleApp.tsx';
import { consoleBridge } from '../support/console-bridge.ts';
import { openedModal } from '../support/modal-dialog.ts';

const SERVER = 'https://admin.example.com';

describe('the console started while its server is down (renderer, main replaced)', () => {
  it('says the server could not be reached, instead of only asking for the password as if the session had ended', async () => {
    render(<ConsoleApp bridge={consoleBridge({ serverUrl: SERVER, validate: { ok: false, reason: 'network' } })} />);
    await openedModal('alertdialog');
    expect((await screen.findByText('The server could not be reached.')).closest('[role="status"]')?.textContent).toContain(
      SERVER,
    );
  });

  it('says nothing of the kind when the server answers', async () => {
    render(<ConsoleApp bridge={consoleBridge({ serverUrl: SERVER })} />);
    await openedModal('alertdialog');
    expect(screen.queryByText('The server could not be reached.')).toBeNull();
  });
});
