import { useEffect, useRef, type FormEvent } from 'react';
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, type ContactField } from '../../../src-shared/domain/contact.ts';
import { INTERFACE } from '../../../src-shared/domain/constants.ts';
import { refusedFieldMessage, tooManySentMessage } from '../../../src-shared/domain/form-messages.ts';
import { BUSY_FOCUS_TARGET, busyFocusHolder } from '../../../src-shared/ui/busy-focus.ts';
import buttons from '../../components/button.module.css';
import { CONTACT_MESSAGES } from './contact-messages.ts';
import styles from './ContactPage.module.css';
import { useContactForm } from './use-contact-form.ts';

const LABELS: Record<ContactField, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };
const REQUIRED: ReadonlySet<ContactField> = new Set(['name', 'email', 'message']);
const ORDER: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/**
 * The contact form: no browser validation (`noValidate`), only the
 * required markers; the server's answer decides, and its complaints show by each field.
 */
export function ContactForm({ initialSubject }: { initialSubject: string }) {
  const form = useContactForm(initialSubject);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = form.status.kind === 'sending';

  const { status } = form;
  // After a refusal, take the visitor to the first field the server named (once it is enabled again).
  useEffect(() => {
    if (status.kind !== 'invalid') return;
    const first = ORDER.find((field) => status.fields[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [status]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  const field = (name: ContactField) => {
    const error = form.fieldErrors[name];
    const id = `contact-${name}`;
    const common = {
      id,
      name,
      value: form.values[name],
      maxLength: CONTACT_LIMITS[name],
      required: REQUIRED.has(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      className: styles.input,
      disabled: sending,
      onChange: (event: { target: { value: string } }) => form.change(name, event.target.value),
    };
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {LABELS[name]}
          {REQUIRED.has(name) && (
            <span className={styles.requiredMark} aria-hidden>
              {' '}
              *
            </span>
          )}
        </label>
        {name === 'message' ? (
          <textarea {...common} rows={INTERFACE.contactMessageRows} />
        ) : (
          <input {...common} type={name === 'email' ? 'email' : 'text'} autoComplete={name === 'subject' ? 'off' : name} />
        )}
        {error && (
          <p id={`${id}-error`} className={styles.fieldError}>
            {refusedFieldMessage(LABELS[name], error, form.values[name])}
          </p>
        )}
      </div>
    );
  };

  return (
    // While sending, every control is disabled: the focus the Send button drops goes to the form's
    // heading, under which the outcome shows, and the next Tab goes on from the form's first field.
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      {...busyFocusHolder('hold')}
    >
      <h2 id="contact-form-title" tabIndex={-1} className={styles.cardTitle} {...BUSY_FOCUS_TARGET}>
        Send us a message
      </h2>
      <div aria-live="polite" role="status" className={styles.statusRegion}>
        {form.status.kind === 'success' && <p className={styles.success}>{CONTACT_MESSAGES.success}</p>}
      </div>
      {(form.status.kind === 'error' || form.status.kind === 'rate-limited') && (
        <div role="alert" className={styles.error}>
          <p>{CONTACT_MESSAGES.failure}</p>
          {form.status.kind === 'rate-limited' && <p>{tooManySentMessage('messages', form.status.retryAfterSeconds)}</p>}
        </div>
      )}
      {form.status.kind === 'invalid' && (
        <p role="alert" className={styles.error}>
          Please correct the fields marked below.
        </p>
      )}
      <div className={styles.row}>
        {field('name')}
        {field('email')}
      </div>
      {field('subject')}
      {field('message')}
      {/* Hidden from people and assistive technology; bots fill every field they find. */}
      <div className={styles.honeypot} aria-hidden>
        <label htmlFor="contact-website">Leave this field empty</label>
        <input
          id="contact-website"
          name={CONTACT_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={form.honeypot}
          onChange={(event) => form.setHoneypot(event.target.value)}
        />
      </div>
      <p className={styles.requiredNote}>
        <span aria-hidden>* </span>Required
      </p>
      <button type="submit" className={`${buttons.base} ${buttons.primary} ${styles.submit}`} disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
