import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useFirstInvalidFocus } from '../../components/use-first-invalid-focus.ts';

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    // minmax(0, …) and min-width 0 below: a text input's intrinsic width (about 200 px) would
    // otherwise widen its column past the dialog and clip the second field on the right.
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalM,
    '& > *, & .fui-Input, & input': { minWidth: 0 },
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr' },
  },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  divider: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  footer: { textAlign: 'center', fontSize: tokens.fontSizeBase300 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export function Form({ onSubmit, children, label }: { onSubmit(): void; children: ReactNode; label: string }) {
  const styles = useFormStyles();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFirstInvalidFocus(formRef);
  return (
    <form
      ref={formRef}
      className={styles.form}
      aria-label={label}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
        focusFirstInvalid();
      }}
    >
      {children}
    </form>
  );
}

/** The form's last line: a link back to the step before ("Back to sign in"), after an optional question. */
export function BackLink({ onBack, children, question }: { onBack(): void; children: ReactNode; question?: string }) {
  const styles = useFormStyles();
  return (
    <p className={styles.footer}>
      {question && `${question} `}
      <Link as="button" type="button" onClick={onBack}>
        {children}
      </Link>
    </p>
  );
}
