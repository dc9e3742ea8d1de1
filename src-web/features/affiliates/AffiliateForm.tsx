import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  AFFILIATE_LIMITS,
  AFFILIATE_MESSAGES,
  AFFILIATE_ONE_LINE_FIELDS,
  type AffiliateApplicationFields,
} from '../../../src-shared/domain/affiliate.ts';
import { AFFILIATE_PROGRAM } from '../../../src-shared/domain/constants.ts';
import { isEmailAddress } from '../../../src-shared/domain/email.ts';
import { FIELD_MESSAGES, refusedFieldMessage, tooManySentMessage } from '../../../src-shared/domain/form-messages.ts';
import { foldOneLineFields, isBlank } from '../../../src-shared/domain/one-line.ts';
import { busyFocusHolder } from '../../../src-shared/ui/busy-focus.ts';
import company from '../../../content/company.json';
import buttons from '../../components/button.module.css';
import { prefersReducedMotion } from '../../components/reduced-motion.ts';
import styles from './AffiliatesPage.module.css';
import { submitAffiliateApplication } from './submit-application.ts';

const EMPTY: AffiliateApplicationFields = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  website: '',
  experience: '',
  audience: '',
  motivation: '',
};

type Result = { type: 'success' | 'error'; text: string } | null;
type TextField = 'firstName' | 'lastName' | 'email' | 'company' | 'website';
type FieldErrors = Partial<Record<TextField, string>>;

const LABELS: Record<TextField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  company: 'Company',
  website: 'Website',
};
const REQUIRED: readonly TextField[] = ['firstName', 'lastName', 'email'];
/** In the order of the form: the first one wrong takes the focus. */
const TEXT_FIELDS: readonly TextField[] = ['firstName', 'lastName', 'email', 'company', 'website'];

/** What is wrong with each field, in the product's words rather than the browser's bubbles. */
function fieldErrors(values: AffiliateApplicationFields): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of REQUIRED) if (isBlank(values[field])) errors[field] = FIELD_MESSAGES.required(LABELS[field]);
  // The server's rule: an address it would refuse never leaves the page.
  if (!errors.email && !isEmailAddress(values.email.trim())) errors.email = FIELD_MESSAGES.email;
  return errors;
}

/** The server's word on each field it refused that the form shows ("must be at most 100 characters"), as the contact form says it. */
function refusedFieldErrors(fields: Record<string, string>, values: AffiliateApplicationFields): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of TEXT_FIELDS) {
    const problem = fields[field];
    if (problem) errors[field] = refusedFieldMessage(LABELS[field], problem, values[field]);
  }
  return errors;
}

/**
 * The application form: first name, last name and email required, checked before sending with
 * a message under each field (`noValidate`: no browser bubbles); every control disabled while
 * submitting; a failure above the form with the form kept, a success as a confirmation in its place.
 */
export function AffiliateForm({ submit = submitAffiliateApplication }: { submit?: typeof submitAffiliateApplication }) {
  const [values, setValues] = useState<AffiliateApplicationFields>(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const resultRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** The field to focus once it can take the focus (the controls are disabled while sending). */
  const focusNext = useRef<TextField | null>(null);

  useEffect(() => {
    if (submitting || !focusNext.current) return;
    // Kept until the field is there: a press of "Submit another application" can come before the
    // confirmation's own render has run this effect, which finds no form yet.
    const field = formRef.current?.querySelector<HTMLElement>(`[name="${focusNext.current}"]`);
    if (!field) return;
    field.focus();
    focusNext.current = null;
  });

  // The message shows above the form, out of sight of the submit button on a phone: bring it into view.
  useEffect(() => {
    if (!result) return;
    resultRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  }, [result]);

  const change = (field: keyof AffiliateApplicationFields) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A line break or control character pasted into a one-line field (the input keeps all but
    // CR and LF, and shows none) goes as a space: the shared rule (one-line.ts). The address
    // goes as checked, without the spaces around it: the email input drops ASCII ones itself,
    // not a pasted no-break space, which the server's format refuses.
    const folded = foldOneLineFields(values, AFFILIATE_ONE_LINE_FIELDS);
    const application = { ...folded, email: folded.email.trim() };
    setValues(application);
    if (showErrors(fieldErrors(application))) return;
    setSubmitting(true);
    setResult(null);
    const outcome = await submit(application);
    setSubmitting(false);
    if (outcome.sent) {
      setValues(EMPTY);
      setResult({ type: 'success', text: AFFILIATE_MESSAGES.success });
    } else if ('rateLimited' in outcome) {
      // Not the failure text, whose "Please try again" would send them straight into another refusal:
      // how long to wait, with what they typed kept for then.
      setResult({ type: 'error', text: tooManySentMessage('applications', outcome.retryAfterSeconds) });
    } else if (!showErrors(refusedFieldErrors(outcome.fields, application))) {
      setResult({ type: 'error', text: AFFILIATE_MESSAGES.failure(company.affiliatesEmail) });
    }
  }

  /** Shows each field's problem under it and focuses the first; false when there is none. */
  function showErrors(found: FieldErrors): boolean {
    setErrors(found);
    focusNext.current = TEXT_FIELDS.find((field) => found[field]) ?? null;
    return focusNext.current !== null;
  }

  const text = (field: TextField, label: string, options: { required?: boolean; type?: string; autoComplete?: string } = {}) => (
    <div className={styles.field}>
      <label htmlFor={`affiliate-${field}`} className={styles.label}>
        {label}
        {options.required && (
          <span className={styles.required} aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={`affiliate-${field}`}
        name={field}
        className={styles.input}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        required={options.required}
        maxLength={AFFILIATE_LIMITS[field]}
        value={values[field]}
        disabled={submitting}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `affiliate-${field}-error` : undefined}
        onChange={change(field)}
      />
      {errors[field] && (
        <p id={`affiliate-${field}-error`} className={styles.fieldError}>
          {errors[field]}
        </p>
      )}
    </div>
  );

  const area = (field: 'audience' | 'motivation', label: string) => (
    <div className={styles.field}>
      <label htmlFor={`affiliate-${field}`} className={styles.label}>
        {label}
      </label>
      <textarea
        id={`affiliate-${field}`}
        name={field}
        className={styles.input}
        rows={4}
        maxLength={AFFILIATE_LIMITS[field]}
        value={values[field]}
        disabled={submitting}
        onChange={change(field)}
      />
    </div>
  );

  if (result?.type === 'success') {
    return (
      <div className={styles.formCard}>
        <div className={styles.confirmation}>
          <h3 className={styles.confirmationTitle}>Thank you for applying</h3>
          <p ref={resultRef} className={styles.success} role="status" tabIndex={-1}>
            {result.text}
          </p>
          <button
            type="button"
            className={`${buttons.base} ${buttons.outline}`}
            onClick={() => {
              // The button goes with the confirmation: the keyboard goes on in the empty form, not back at the page's top.
              focusNext.current = 'firstName';
              setResult(null);
            }}
          >
            Submit another application
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.formCard}>
      {result && (
        <p ref={resultRef} className={styles.error} role="alert" tabIndex={-1}>
          {result.text}
        </p>
      )}
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Affiliate application"
        aria-busy={submitting || undefined}
        // While submitting, every control is disabled: the form, busy, holds the focus the submit
        // button drops until the outcome takes it (a field, the failure, the confirmation); Tab
        // goes on from the form's first field.
        {...busyFocusHolder('hold')}
        tabIndex={-1}
        noValidate
      >
        <div className={styles.row}>
          {text('firstName', 'First Name', { required: true, autoComplete: 'given-name' })}
          {text('lastName', 'Last Name', { required: true, autoComplete: 'family-name' })}
        </div>
        {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        <div className={styles.row}>
          {text('company', 'Company', { autoComplete: 'organization' })}
          {text('website', 'Website', { autoComplete: 'url' })}
        </div>
        <div className={styles.field}>
          <label htmlFor="affiliate-experience" className={styles.label}>
            Affiliate Marketing Experience
          </label>
          <select
            id="affiliate-experience"
            name="experience"
            className={styles.input}
            value={values.experience}
            disabled={submitting}
            onChange={change('experience')}
          >
            <option value="">Select your experience</option>
            {AFFILIATE_PROGRAM.experienceBands.map((band) => (
              <option key={band.value} value={band.value}>
                {band.label}
              </option>
            ))}
          </select>
        </div>
        {area('audience', 'Describe Your Audience')}
        {area('motivation', 'Why do you want to join our affiliate program?')}
        <p className={styles.notice} role="note">
          Applications are reviewed within {AFFILIATE_PROGRAM.reviewBusinessDays} business days. We&apos;ll reply by email.
        </p>
        <button type="submit" className={`${buttons.base} ${buttons.primary} ${buttons.large}`} disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </form>
    </div>
  );
}
