import { VERIFICATION } from '../constants.ts';

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordRequirement {
  label: string;
  met: boolean;
}

export interface PasswordStrength {
  /** 0 to 100. */
  score: number;
  label: StrengthLabel;
  /** The five requirements of the checklist, in order. */
  requirements: PasswordRequirement[];
}

const RULES = [
  {
    label: `At least ${VERIFICATION.minPasswordLength} characters`,
    points: 25,
    test: (p: string) => p.length >= VERIFICATION.minPasswordLength,
  },
  { label: 'One lowercase letter', points: 25, test: (p: string) => /[a-z]/.test(p) },
  { label: 'One uppercase letter', points: 25, test: (p: string) => /[A-Z]/.test(p) },
  { label: 'One number', points: 12.5, test: (p: string) => /\d/.test(p) },
  { label: 'One special character (@$!%*?&)', points: 12.5, test: (p: string) => /[@$!%*?&]/.test(p) },
] as const;

/** The sign-up strength meter: 25/25/25/12.5/12.5 points, capped at 100. */
export function passwordStrength(password: string): PasswordStrength {
  const requirements = RULES.map((rule) => ({ label: rule.label, met: rule.test(password) }));
  const score = Math.min(
    100,
    RULES.reduce((sum, rule, i) => sum + (requirements[i]?.met ? rule.points : 0), 0),
  );
  return { score, label: strengthLabel(score), requirements };
}

function strengthLabel(score: number): StrengthLabel {
  if (score < 25) return 'Weak';
  if (score < 50) return 'Fair';
  if (score < 75) return 'Good';
  return 'Strong';
}
