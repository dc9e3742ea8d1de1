/**
 * Fluent's modal dialogs hide the rest of the page from assistive technology while open and
 * give it back as they close. A page that unmounts in the same moment (navigation right after
 * a confirm) can leave the page hidden, so navigation waits for the close to finish.
 */
const DIALOG_CLOSE_MS = 300;

export function afterDialogCloses(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, DIALOG_CLOSE_MS));
}
