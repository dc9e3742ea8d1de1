import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AFFILIATE_LIMITS, AFFILIATE_MESSAGES, type AffiliateApplicationFields } from '../../../src-shared/domain/affiliate.ts';
import { AFFILIATE_PROGRAM } from '../../../src-shared/domain/constants.ts';
import company from '../../../content/company.json';
import buttons from '../../components/button.module.css';
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

/**
 * The application form (spec §2, §5): first name, last name and email required; every
 * control disabled while submitting; the result message above the form.
 */
export function AffiliateForm({ submit = submitAffiliateApplication }: { submit?: typeof submitAffiliateApplication }) {
  const [values, setValues] = useState<AffiliateApplicationFields>(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);

  // The message shows above the form, out of sight of the submit button on a phone: bring it into view.
  useEffect(() => {
    if (!result) return;
    resultRef.current?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [result]);

  const change = (field: keyof AffiliateApplicationFields) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setResult(null);
    const ok = await submit(values);
    setSubmitting(false);
    if (ok) {
      setValues(EMPTY);
      setResult({ type: 'success', text: AFFILIATE_MESSAGES.success });
    } else {
      setResult({ type: 'error', text: AFFILIATE_MESSAGES.failure(company.affiliatesEmail) });
    }
  }

  const text = (
    field: 'firstName' | 'lastName' | 'email' | 'company' | 'website',
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
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
        onChange={change(field)}
      />
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

  return (
    <div className={styles.formCard}>
      {result && (
        <p
          className={result.type === 'success' ? styles.success : styles.error}
          role={result.type === 'success' ? 'status' : 'alert'}
        >
          {result.text}
        </p>
      )}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-label="Affiliate application">
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
