import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecurityPage } from '../../../src-web/features/account/SecurityPage.tsx';
import { FakeIdentity } from './fake-identity.ts';
import { signInAs } from './profile-support.ts';
import { renderAt } from './render-with-header.tsx';

afterEach(() => vi.restoreAllMocks());
afterEach(() => vi.unstubAllGlobals());

/** Two sign-ins stored in one batch (concurrent ones are): the same instant, each its own row. */
const SIGN_INS = [
  { id: '41', at: '2026-03-02T09:15:00.123Z', method: 'password', client: 'Firefox on macOS' },
  { id: '42', at: '2026-03-02T09:15:00.123Z', method: 'google', client: 'Safari on iOS' },
];

describe('/security, recent sign-ins', { timeout: 20_000 }, () => {
  it('lists two sign-ins of one instant as two rows, each once', async () => {
    const identity = new FakeIdentity();
    signInAs(identity, identity.addUser('ada@example.com'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        Response.json(String(input).endsWith('/api/account/sign-ins') ? { signIns: SIGN_INS } : { accounts: {} }),
      ),
    );
    const consoleError = vi.spyOn(console, 'error');
    renderAt('/security', [{ path: '/security', element: <SecurityPage /> }], identity);
    const table = await screen.findByRole('table', { name: 'Recent sign-ins' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Password', 'Firefox on macOS'],
      ['Google', 'Safari on iOS'],
    ]);
    // React's warning for rows it cannot tell apart (and may drop or repeat on a later render).
    expect(consoleError.mock.calls.flat().join('\n')).not.toMatch(/same key/);
  });
});
