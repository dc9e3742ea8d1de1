import { VERIFICATION } from '../constants.ts';
import { ACCOUNT_MESSAGES as M } from './messages.ts';

/** The product's email pattern: something@something.something, with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Uppercase, lowercase, a digit and one of @$!%*?& (sign-up's password rule; tests/web/accounts/rules.test.ts). */
const SPECIAL = /[@$!%*?&]/;
/** 7 to 15 characters of digits, spaces, hyphens and parentheses, with an optional leading plus. */
const SIGN_UP_PHONE = new RegExp(`^\\+?[\\d\\s\\-()]{${VERIFICATION.phoneMinLength},${VERIFICATION.phoneMaxLength}}$`);
/** Profile save: the same characters, any length (the profile save's password check). */
const PROFILE_PHONE = /^\+?[\d\s\-()]+$/;

/** Field name → message, for the fields that fail; empty when everything passes. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface SignInFields {
  email: string;
  password: string;
}

export function validateEmail(email: string): string | undefined {
  if (email.trim() === '') return M.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return M.emailInvalid;
  return undefined;
}

export function validateSignIn(fields: SignInFields): FieldErrors<keyof SignInFields> {
  return compact({
    email: validateEmail(fields.email),
    password: fields.password === '' ? M.passwordRequired : undefined,
  });
}

/** The sign-up password rules, also used for a new password (reset, change). */
export function validateNewPassword(password: string): string | undefined {
  if (password === '') return M.passwordRequired;
  if (password.length < VERIFICATION.minPasswordLength) return M.passwordTooShort;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password) || !SPECIAL.test(password)) {
    return M.passwordTooWeak;
  }
  return undefined;
}

export function validatePasswordConfirmation(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return M.confirmPasswordRequired;
  if (confirmation !== password) return M.passwordsDoNotMatch;
  return undefined;
}

export interface SignUpFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** As typed (auto-formatted); optional. */
  phone: string;
}

export function validateSignUp(fields: SignUpFields): FieldErrors<keyof SignUpFields> {
  return compact({
    firstName: fields.firstName.trim() === '' ? M.firstNameRequired : undefined,
    lastName: fields.lastName.trim() === '' ? M.lastNameRequired : undefined,
    email: validateEmail(fields.email),
    password: validateNewPassword(fields.password),
    confirmPassword: validatePasswordConfirmation(fields.password, fields.confirmPassword),
    phone: fields.phone.trim() !== '' && !SIGN_UP_PHONE.test(fields.phone.trim()) ? M.phoneInvalid : undefined,
  });
}

/** Keeps only digits, at most six (mailed codes are six digits); for the code input's onChange. */
export function sanitizeVerificationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, VERIFICATION.codeLength);
}

export function validateVerificationCode(code: string): string | undefined {
  if (code === '') return M.codeRequired;
  if (code.length !== VERIFICATION.codeLength || !/^\d+$/.test(code)) return M.codeLength;
  return undefined;
}

export interface ProfileFields {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

/** Profile save checks in their fixed order (tests/web/accounts/rules.test.ts): the first failure, its field and message, or undefined. */
export function validateProfile(fields: ProfileFields): { field: keyof ProfileFields; message: string } | undefined {
  if (fields.firstName.trim() === '') return { field: 'firstName', message: M.profileFirstNameRequired };
  if (fields.lastName.trim() === '') return { field: 'lastName', message: M.profileLastNameRequired };
  if (fields.email.trim() === '') return { field: 'email', message: M.profileEmailRequired };
  if (!EMAIL_PATTERN.test(fields.email.trim())) return { field: 'email', message: M.emailInvalid };
  if (fields.phoneNumber.trim() !== '' && !PROFILE_PHONE.test(fields.phoneNumber.trim())) {
    return { field: 'phoneNumber', message: M.phoneInvalid };
  }
  return undefined;
}

function compact<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
}
