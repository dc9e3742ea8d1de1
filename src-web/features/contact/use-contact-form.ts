import { useCallback, useState } from 'react';
import { ANSWER_TIMEOUT_MS, answerDeadline } from '../../../src-shared/api/answer-deadline.ts';
import { sendContactMessage, type ContactSendResult } from '../../../src-shared/api/contact.ts';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_ONE_LINE_FIELDS,
  type ContactField,
  type ContactFormFields,
} from '../../../src-shared/domain/contact.ts';
import { foldOneLineFields } from '../../../src-shared/domain/one-line.ts';

/**
 * idle → sending → success (form cleared) | error | invalid (the server named the wrong fields)
 * | rate-limited (too many messages lately: to wait `retryAfterSeconds`, when the server said).
 */
export type ContactFormStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'success' }
  /** `fields`: what the server named on this attempt (fieldErrors then shrinks as the visitor edits). */
  | { kind: 'invalid'; fields: FieldErrors }
  | { kind: 'error' }
  | { kind: 'rate-limited'; retryAfterSeconds: number | undefined };

export type FieldErrors = Partial<Record<ContactField, string>>;

const EMPTY: ContactFormFields = { name: '', email: '', subject: '', message: '' };

/** The contact form's values and states; the server's answer decides what is valid. */
export function useContactForm(initialSubject: string) {
  const [values, setValues] = useState<ContactFormFields>({ ...EMPTY, subject: initialSubject });
  const [honeypot, setHoneypot] = useState('');
  const [status, setStatus] = useState<ContactFormStatus>({ kind: 'idle' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const change = useCallback((field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The visitor is fixing it: the server's complaint about this field no longer applies.
    setFieldErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _fixed, ...rest } = current;
      return rest;
    });
  }, []);

  const submit = useCallback(async (): Promise<ContactSendResult> => {
    setStatus({ kind: 'sending' });
    // A line break pasted into a one-line field (one the input cannot show) goes as a space (one-line.ts).
    const sent = foldOneLineFields(values, CONTACT_ONE_LINE_FIELDS);
    setValues(sent);
    const deadline = answerDeadline(ANSWER_TIMEOUT_MS);
    const result = await sendContactMessage({ ...sent, [CONTACT_HONEYPOT_FIELD]: honeypot }, { signal: deadline.signal });
    deadline.clear();
    switch (result.kind) {
      case 'sent':
        setValues(EMPTY);
        setFieldErrors({});
        setStatus({ kind: 'success' });
        break;
      case 'invalid':
        setFieldErrors(result.fields);
        setStatus(Object.keys(result.fields).length > 0 ? { kind: 'invalid', fields: result.fields } : { kind: 'error' });
        break;
      case 'rate-limited':
        setStatus({ kind: 'rate-limited', retryAfterSeconds: result.retryAfterSeconds });
        break;
      case 'failed':
        console.error('The contact message could not be sent:', deadline.expired() ? 'no answer within 30 s' : result.message);
        setStatus({ kind: 'error' });
        break;
    }
    return result;
  }, [honeypot, values]);

  return { values, change, honeypot, setHoneypot, status, fieldErrors, submit };
}
