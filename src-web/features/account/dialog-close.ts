/**
 * Fluent's modal dialogs hide the rest of the page from assistive technology while open and
 * give it back as they close. A page that unmounts in the same moment (navigation right after
 * a confirm) can leave the page hidden, so navigation waits for the close to finish.
 */
const DIALOG_CLOSE_MS = 300;
const MAX_WAIT_MS = 3000;
const POLL_MS = 50;

/** Waits out the close animation. */
export function afterDialogCloses(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, DIALOG_CLOSE_MS));
}

/**
 * Waits out the close animation, then until no modal dialog is left in the page (on a busy
 * machine removal can take longer than the animation), at most MAX_WAIT_MS: for a page that
 * signs the user out and leaves right after its dialog.
 */
export async function afterModalDialogsGone(): Promise<void> {
  await afterDialogCloses();
  const deadline = Date.now() + MAX_WAIT_MS;
  // Done once no dialog is left and the page is no longer hidden behind one.
  const stillModal = () =>
    document.querySelector('[role="dialog"],[role="alertdialog"]') !== null ||
    document.getElementById('root')?.getAttribute('aria-hidden') === 'true';
  while (stillModal() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
