import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FakeIdentity, FakeUser } from './fake-identity.ts';
import { renderApp } from './render-app.tsx';

/** Stores `user`'s session as a previous visit would have left it. */
export function signInAs(identity: FakeIdentity, user: FakeUser) {
  const tokens = identity.tokensFor(user);
  localStorage.setItem('accessToken', tokens.accessToken);
  localStorage.setItem('idToken', tokens.idToken);
  localStorage.setItem('refreshToken', tokens.refreshToken);
}

/** /profile for `user`, once the profile is on screen. */
export async function openProfile(identity: FakeIdentity, user: FakeUser) {
  signInAs(identity, user);
  const events = userEvent.setup();
  renderApp(identity, '/profile');
  await screen.findByRole('heading', { name: 'Personal Information' });
  return events;
}

export const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
export const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
