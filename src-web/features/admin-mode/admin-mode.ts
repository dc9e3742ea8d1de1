import { useSyncExternalStore } from 'react';
import { ADMIN } from '../../../src-shared/domain/constants.ts';

/**
 * Admin mode (the floating admin panel): a client-side switch, off by default, toggled
 * with Ctrl+Shift+A. It only shows tools; the server checks the admin token on every admin
 * call. One small store rather than a provider, so any page (the blog's SEO tools, the
 * admin panel) reads it without wrapping the layout.
 */
let enabled = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setAdminMode(next: boolean): void {
  if (next === enabled) return;
  enabled = next;
  for (const listener of listeners) listener();
}

export function toggleAdminMode(): void {
  setAdminMode(!enabled);
}

export function useAdminMode(): { enabled: boolean; toggle(): void; setEnabled(next: boolean): void } {
  const current = useSyncExternalStore(
    subscribe,
    () => enabled,
    () => false,
  );
  return { enabled: current, toggle: toggleAdminMode, setEnabled: setAdminMode };
}

/**
 * Toggles admin mode on Ctrl+Shift+A, on every page, from the entry script on (src-web/main.tsx):
 * the prerendered page is on screen before React draws it, and a press in that moment was lost
 * while the listener waited for a component to mount. Returns the uninstall.
 */
export function installAdminShortcut(target: Window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isAdminShortcut(event)) return;
    event.preventDefault();
    toggleAdminMode();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}

/** True for admin mode's shortcut, Ctrl+Shift+A. */
export function isAdminShortcut(event: KeyboardEvent): boolean {
  return (
    event.ctrlKey === ADMIN.shortcut.ctrlKey &&
    event.shiftKey === ADMIN.shortcut.shiftKey &&
    !event.altKey &&
    !event.metaKey &&
    shortcutLetter(event) === ADMIN.shortcut.key
  );
}

/**
 * The letter a press stands for: the character typed when it is a Latin letter (so on AZERTY the
 * A key is A, not its QWERTY position's Q), else the physical key's (a Russian layout's `Ф` is
 * on KeyA), so the shortcut works on Cyrillic, Greek or Hebrew layouts too.
 */
function shortcutLetter(event: KeyboardEvent): string | undefined {
  if (/^[a-z]$/i.test(event.key)) return event.key.toUpperCase();
  return /^Key([A-Z])$/.exec(event.code)?.[1];
}
