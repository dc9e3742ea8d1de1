import { Dialog, makeStyles, mergeClasses, type DialogProps } from '@fluentui/react-components';
import { cloneElement, useLayoutEffect, useRef, type ReactElement } from 'react';
import { busyFocusHolder } from './busy-focus.ts';

const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"]';

/**
 * Every dialog stands 12 px clear of the screen's sides. Fluent's surface fills the whole width
 * of a phone (no margin, its border on the screen's edges); its 600 px cap still applies above.
 * A percentage of the fixed surface's containing block, not of 100vw: the screen less any
 * scrollbar or gutter that Fluent reserves while the page beneath is locked.
 */
const useSurfaceStyles = makeStyles({
  surface: { width: 'calc(100% - 24px)' },
});

/**
 * The element that last had focus outside every dialog: the dialog's opener. Tracked from the
 * first dialog's module load, because by the time a dialog's effects run, Fluent may already
 * have moved focus into its surface.
 */
let focusedOutsideDialogs: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest(DIALOG_SELECTOR)) focusedOutsideDialogs = target;
    },
    true,
  );
}

/**
 * The open dialogs, the latest last. Fluent hears Escape only inside its surface, and it moves
 * focus there an effect after the dialog shows: a key pressed in between (a quick hand, a slow
 * device) reached the page and the dialog stayed. Such a key, from outside every dialog, closes
 * the topmost one here.
 */
interface OpenDialog {
  dismiss?: () => void;
}
const openDialogs: OpenDialog[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    const outside = !(target instanceof Element && target.closest(DIALOG_SELECTOR));
    if (event.key === 'Escape' && !event.defaultPrevented && outside) openDialogs.at(-1)?.dismiss?.();
  });
}

function lastFocusedOutsideDialogs(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest(DIALOG_SELECTOR)) return active;
  return focusedOutsideDialogs;
}

/**
 * Every modal of both front ends opens through this wrapper of Fluent's Dialog (eslint.config.js
 * refuses Fluent's Dialog anywhere else). It adds what Fluent does only for a dialog opened by
 * a `DialogTrigger`, while ours are opened from state:
 * - when it closes, focus goes back to the control that opened it (or to the page's main
 *   landmark when that control is gone, e.g. the Login button after a sign-in), never to
 *   `<body>`, where a keyboard or screen-reader user would have to start the page again;
 * - the page outside the dialog, hidden from screen readers while it is open, is given back even
 *   when the dialog's owner unmounts it without closing it first (Fluent's modalizer then leaves
 *   `aria-hidden` on the app's root, and the page reads as empty);
 * - while it is open, a control disabled under the focus as the form sends leaves the focus in the
 *   dialog, and gets it back once enabled (busy-focus.ts).
 */
export function ModalDialog(props: {
  open: boolean;
  /** Escape or a click outside; absent for dialogs that only their own buttons may close. */
  onDismiss?: () => void;
  modalType?: DialogProps['modalType'];
  /** The DialogSurface, the holder of its controls' focus while they are disabled and it is open (busy-focus.ts). */
  children: ReactElement;
}) {
  const { open, onDismiss, modalType, children } = props;
  const surface = useSurfaceStyles().surface;
  const opener = useRef<HTMLElement | null>(null);
  // One entry an opening, holding the latest onDismiss (a dialog without one takes the key too:
  // Escape must not close the dialog beneath it).
  const entry = useRef<OpenDialog>({});
  useLayoutEffect(() => {
    entry.current.dismiss = onDismiss;
  });
  // Before the browser paints: once the dialog can be seen, the key is heard.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const opened = entry.current;
    openDialogs.push(opened);
    return () => void openDialogs.splice(openDialogs.indexOf(opened), 1);
  }, [open]);

  useLayoutEffect(() => {
    if (open) {
      opener.current ??= lastFocusedOutsideDialogs();
      return undefined;
    }
    if (opener.current === null) return undefined;
    restoreFocus(opener.current, 'closed');
    opener.current = null;
    return undefined;
  }, [open]);

  useLayoutEffect(
    () => () => {
      const returnTo = opener.current;
      if (returnTo === null) return;
      // Unmounted while open: give the page back once Fluent's own clean-up has run.
      setTimeout(() => {
        if (document.querySelector(DIALOG_SELECTOR)) return;
        for (const element of document.body.querySelectorAll(':scope > [aria-hidden="true"]:not([data-tabster-dummy])')) {
          element.removeAttribute('aria-hidden');
        }
        restoreFocus(returnTo, 'removed');
      });
    },
    [],
  );

  return (
    <Dialog open={open} modalType={modalType} onOpenChange={(_event, data) => !data.open && onDismiss?.()}>
      {/* Open, it keeps the focus its controls drop while it sends (busy-focus.ts); closing, it lets go. */}
      {cloneElement(children as ReactElement<{ className?: string }>, {
        className: mergeClasses(surface, (children as ReactElement<{ className?: string }>).props.className),
        ...(open ? busyFocusHolder('return') : {}),
      })}
    </Dialog>
  );
}

/**
 * `closed`: a frame later, after Fluent's surface has unmounted, or its focus trap would take
 * focus straight back. `removed`: at once, the surface being gone already; a frame later
 * another dialog may have opened in its place (the console swaps "Sign out all?" for the
 * password prompt) and focus must stay in that one.
 */
function restoreFocus(opener: HTMLElement | null, dialog: 'closed' | 'removed'): void {
  const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (target.tagName === 'MAIN' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  const focus = () => target.focus({ preventScroll: opener !== target });
  if (dialog === 'removed') focus();
  else requestAnimationFrame(focus);
}
