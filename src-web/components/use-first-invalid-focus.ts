import { useEffect, useState, type RefObject } from 'react';

/**
 * A form sent with fields wrong puts the focus on the first one marked invalid (aria-invalid),
 * whose message its aria-describedby reads out: a keyboard or screen-reader user lands on what
 * to fix, not on the button they pressed. Call the returned function in the submit handler,
 * beside the validation's state update, so the focus moves once React has marked the fields.
 */
export function useFirstInvalidFocus(form: RefObject<HTMLFormElement | null>): () => void {
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts, form]);
  return () => setAttempts((count) => count + 1);
}
