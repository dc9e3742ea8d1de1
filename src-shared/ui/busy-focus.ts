/**
 * How every form keeps the keyboard while it is busy: the web's and the console's dialogs, the
 * account pages' forms, the contact and affiliate forms.
 *
 * A form disables its fields and buttons while it sends, and a control disabled under the focus
 * drops it on the page's body: Tab starts the page again and a screen reader says nothing. In a
 * modal dialog it is worse: a task later, Fluent's focus restorer hands it to the last menu or
 * popover trigger a keyboard user met behind the dialog, and the dialog's modalizer, following the
 * focus, hides the dialog from screen readers (a keyboard's Enter then lands on the page).
 *
 * So the nearest element around the control marked by `busyFocusHolder` takes the focus instead,
 * before that task: the element inside it marked `BUSY_FOCUS_TARGET` (the contact form's heading,
 * under which the outcome shows), else itself (give it `tabIndex={-1}` when it is no dialog).
 * - `return` (every open ModalDialog; a page's form whose outcome does not take the focus): once
 *   the control is enabled again the focus goes back to it, unless it has moved on by then (to a
 *   field in error, say).
 * - `hold` (a form whose outcome takes the focus: a field in error, the failure, the
 *   confirmation): the focus stays there, and Tab goes on from the form's first field.
 */
type BusyFocus = 'hold' | 'return';

const HOLDER = 'data-busy-focus';
const TARGET = 'data-busy-focus-target';

/** The props that make an element the holder of its controls' focus while they are disabled. */
export function busyFocusHolder(mode: BusyFocus): { [HOLDER]: BusyFocus } {
  return { [HOLDER]: mode };
}

/** Marks the element inside a holder that takes the focus in the holder's place. */
export const BUSY_FOCUS_TARGET = { [TARGET]: '' } as const;

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusout',
    (event) => {
      const lost = event.target;
      if (event.relatedTarget !== null || !(lost instanceof HTMLElement)) return;
      const holder = lost.closest<HTMLElement>(`[${HOLDER}]`);
      if (!holder) return;
      queueMicrotask(() => {
        // Still a holder (a dialog closing, still on the page while it fades out, is none: its
        // modal layer would come back over the page), and the focus fell nowhere (not a window
        // switch, which keeps the active element).
        const mode = holder.getAttribute(HOLDER);
        if (mode === null || !holder.isConnected || document.activeElement !== document.body) return;
        const target = holder.querySelector<HTMLElement>(`[${TARGET}]`) ?? holder;
        target.focus({ preventScroll: true });
        if (mode === 'return') giveBackWhenEnabled(holder, target, lost);
      });
    },
    true,
  );
}

function giveBackWhenEnabled(holder: HTMLElement, target: HTMLElement, control: HTMLElement): void {
  const watch = new MutationObserver(() => {
    if (document.activeElement !== target || !control.isConnected) watch.disconnect();
    else if (!control.matches(':disabled')) {
      watch.disconnect();
      control.focus({ preventScroll: true });
    }
  });
  watch.observe(holder, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
}
