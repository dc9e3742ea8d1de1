import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIdentity, type FakeUser } from './fake-identity.ts';
import { button, input, openProfile } from './profile-support.ts';
import { stubServerApi, type ApiCall } from './render-app.tsx';
import { openedModal } from '../support/modal-dialog.ts';
import { passSeconds } from '../support/pass-seconds.ts';

let identity: FakeIdentity;
let api: ApiCall[];
let stored: FakeUser;

beforeEach(() => {
  identity = new FakeIdentity();
  api = stubServerApi();
  stored = identity.addUser('ada@example.com', { attributes: { phone_number: '+15551234567' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Its own file: Fluent's focus manager keeps page-wide state in a jsdom between tests, and this
// journey opens a second modal dialog on the same page.
describe('profile settings: changing the email', { timeout: 20_000 }, () => {
  it('regular account, new email: sends it, opens the verification dialog, resends and verifies', async () => {
    const user = await openProfile(identity, stored);
    await user.clear(input(/^Email Address/));
    await user.type(input(/^Email Address/), 'augusta@example.com');
    await user.click(button('Save Changes'));
    const dialog = await openedModal('alertdialog');
    expect(within(dialog).getByText('Verify New Email Address')).toBeTruthy();
    // The page's message sits behind the modal, which hides the rest of the page from assistive
    // technology once its focus manager catches up (a timer): read it either way.
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe(
      'Profile updated! Please check your new email for verification code.',
    );
    expect(identity.ops('updateUserAttributes')[0]?.[1]).toMatchObject({ email: 'augusta@example.com' });
    const code = within(dialog).getByPlaceholderText('Enter 6-digit code') as HTMLInputElement;
    expect(code.maxLength).toBe(6);
    await user.click(within(dialog).getByRole('button', { name: 'Verify Email' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter the verification code');
    // Resend Code is held for 60 s after a resend, counting down.
    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend Code' }));
    const resend = () => within(dialog).getByRole('button', { name: /^Resend Code/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Resend Code in 60s');
    expect(resend().disabled).toBe(true);
    await passSeconds(1);
    expect(within(dialog).getByRole('status').textContent).toBe('Verification code sent to your new email address');
    fireEvent.click(resend());
    await passSeconds(29);
    expect(resend().textContent).toBe('Resend Code in 30s');
    await passSeconds(30);
    expect(resend().textContent).toBe('Resend Code');
    expect(resend().disabled).toBe(false);
    vi.useRealTimers();
    expect(identity.ops('sendUserAttributeCode').map(([, name]) => name)).toEqual(['email']);
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Email' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid verification code provided, please try again.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Email verified successfully!'));
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
    await waitFor(() => expect(input(/^Email Address/).value).toBe('augusta@example.com'));
    expect(api.find((call) => call.path === '/api/audit-profile')?.body).toMatchObject({
      changes: { email: { old: 'ada@example.com', new: 'augusta@example.com' } },
    });

    // A second change in the same visit (a typo, say): the dialog opens afresh, not as the first verification left it.
    await user.clear(input(/^Email Address/));
    await user.type(input(/^Email Address/), 'augusta.ada@example.com');
    await user.click(button('Save Changes'));
    const again = await screen.findByRole('alertdialog', { hidden: true });
    const secondCode = within(again).getByPlaceholderText('Enter 6-digit code') as HTMLInputElement;
    expect(secondCode.value).toBe('');
    expect(secondCode.disabled).toBe(false);
    for (const name of ['Resend Code', 'Cancel', 'Verify Email']) {
      expect((within(again).getByRole('button', { name, hidden: true }) as HTMLButtonElement).disabled).toBe(false);
    }
    expect(within(again).queryByRole('status', { hidden: true })).toBeNull();
    expect(within(again).queryByRole('alert', { hidden: true })).toBeNull();
    await openedModal('alertdialog');
    await user.type(secondCode, '123456');
    await user.click(within(again).getByRole('button', { name: 'Verify Email' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Email verified successfully!'));
    await waitFor(() => expect(input(/^Email Address/).value).toBe('augusta.ada@example.com'));
  });

  it('a change of letter case only is the same address: no code is asked for, the other changes are saved', async () => {
    const ann = identity.addUser('Ann.Lee@example.com', { attributes: { given_name: 'Ann', family_name: 'Lee' } });
    const user = await openProfile(identity, ann);
    await user.clear(input(/^Email Address/));
    await user.type(input(/^Email Address/), 'ann.lee@example.com');
    expect(button('Save Changes').disabled).toBe(true);
    await user.type(input(/^Last Name/), '-Smith');
    await user.click(button('Save Changes'));
    expect((await screen.findByRole('status')).textContent).toBe('Profile updated successfully!');
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
    expect(identity.ops('updateUserAttributes')[0]?.[1]).toEqual({ given_name: 'Ann', family_name: 'Lee-Smith' });
  });
});
