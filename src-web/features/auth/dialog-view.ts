import type { SignUpSource } from '../../../src-shared/domain/accounts/api.ts';

/** The views callers open the authentication dialog with ('forgot': the password-reset step). */
export type AuthDialogView = 'signin' | 'signup' | 'forgot';

/** What the session hands the authentication dialog it hosts. */
export interface AuthDialogProps {
  open: boolean;
  initialView: AuthDialogView;
  source: SignUpSource;
  initialError?: string;
  initialNotice?: string;
  onClose(): void;
}
