import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircle16Filled, Circle16Regular } from '@fluentui/react-icons';
import { passwordStrength, type StrengthLabel } from '../../../src-shared/domain/accounts/password-strength.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  header: { display: 'flex', justifyContent: 'space-between' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontSize: tokens.fontSizeBase200 },
  met: { color: tokens.colorPaletteGreenForeground1 },
  unmet: { color: tokens.colorNeutralForeground3 },
});

const COLORS: Record<StrengthLabel, 'error' | 'warning' | 'brand' | 'success'> = {
  Weak: 'error',
  Fair: 'warning',
  Good: 'brand',
  Strong: 'success',
};

/** The sign-up strength meter and its five-item checklist (tests/web/accounts/rules.test.ts). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const styles = useStyles();
  const strength = passwordStrength(password);
  return (
    <div className={styles.root} aria-live="polite">
      <div className={styles.header}>
        <Text size={200}>Password strength</Text>
        <Text size={200} weight="semibold" data-testid="password-strength-label">
          {strength.label}
        </Text>
      </div>
      <ProgressBar
        value={strength.score / 100}
        color={COLORS[strength.label] === 'brand' ? undefined : COLORS[strength.label]}
        thickness="large"
        aria-label={`Password strength ${strength.label}`}
      />
      <ul className={styles.list} aria-label="Password requirements">
        {strength.requirements.map((requirement) => (
          <li
            key={requirement.label}
            className={`${styles.item} ${requirement.met ? styles.met : styles.unmet}`}
            data-met={requirement.met}
          >
            {requirement.met ? <CheckmarkCircle16Filled aria-hidden /> : <Circle16Regular aria-hidden />}
            {requirement.label}
            <span className="visually-hidden">{requirement.met ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
