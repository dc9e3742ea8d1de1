import { Button, DialogBody, DialogSurface, DialogTitle, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '../../../src-shared/ui/ModalDialog.tsx';

/** One dialog at a time, the way the console swaps "Sign out all?" for the password prompt. */
function Host({ which }: { which: 'question' | 'prompt' | null }) {
  return (
    <FluentProvider theme={webLightTheme}>
      <Button>Opener</Button>
      {which === 'question' && (
        <ModalDialog open modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Sign out all?</DialogTitle>
              <Button>Sign out all</Button>
            </DialogBody>
          </DialogSurface>
        </ModalDialog>
      )}
      {which === 'prompt' && (
        <ModalDialog open modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Password</DialogTitle>
              <Button>Login</Button>
            </DialogBody>
          </DialogSurface>
        </ModalDialog>
      )}
    </FluentProvider>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a dialog removed while open, and another opened right after (src-shared/ui/ModalDialog.tsx)', () => {
  it('leaves the keyboard in the new dialog: the old one does not take focus back to its opener later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const view = render(<Host which={null} />);
    screen.getByRole('button', { name: 'Opener' }).focus();
    view.rerender(<Host which="question" />);
    act(() => screen.getByRole('button', { name: 'Sign out all', hidden: true }).focus());

    // The question goes (its answer ended the session), its clean-up runs on the next turn...
    view.rerender(<Host which={null} />);
    act(() => vi.advanceTimersByTime(0));
    // ...and only then does the password prompt open and take the keyboard, as Fluent does.
    view.rerender(<Host which="prompt" />);
    const login = screen.getByRole('button', { name: 'Login', hidden: true });
    act(() => login.focus());

    // A frame later focus must still be in the prompt, not back on the question's opener.
    act(() => vi.advanceTimersToNextFrame());
    expect(document.activeElement).toBe(login);
    view.unmount();
  });
});

describe('Escape while a dialog is open (src-shared/ui/ModalDialog.tsx)', () => {
  function Dismissable({ onDismiss }: { onDismiss: () => void }) {
    return (
      <FluentProvider theme={webLightTheme}>
        <Button>Opener</Button>
        <ModalDialog open onDismiss={onDismiss}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>Welcome Back</DialogTitle>
              <Button>Sign In</Button>
            </DialogBody>
          </DialogSurface>
        </ModalDialog>
      </FluentProvider>
    );
  }

  it.each([
    ['from outside it, before focus has moved in (a slow device, a quick hand)', 'Opener'],
    ['from inside it, where Fluent handles it', 'Sign In'],
  ])('closes it once when the key comes %s', (_where, focused) => {
    const onDismiss = vi.fn();
    const view = render(<Dismissable onDismiss={onDismiss} />);
    const control = screen.getByRole('button', { name: focused, hidden: true });
    act(() => control.focus());
    fireEvent.keyDown(control, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    view.unmount();
  });
});
