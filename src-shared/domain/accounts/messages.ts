import { OAUTH_FAILED } from './oauth-failed.ts';

/** The customer-account texts: the product's fixed wording, word for word (tests compare them). */
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooWeak: 'Password must contain uppercase, lowercase, number, and special character',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  phoneInvalid: 'Please enter a valid phone number',
  codeRequired: 'Verification code is required',
  codeLength: 'Verification code must be 6 digits',

  signInFailed: 'Sign in failed',
  signUpFailed: 'Sign up failed',
  confirmationFailed: 'Confirmation failed',
  resendFailed: 'Resend failed',
  resetRequestFailed: 'Password reset request failed',
  resetFailed: 'Password reset failed',
  codeUsedUp: 'This code was entered wrong too many times. Use Resend code to get a new one.',
  authenticationFailed: 'Authentication failed',
  oauthFailed: OAUTH_FAILED,
  challengeRequired: (name: string) => `Challenge required: ${name}`,

  profileFirstNameRequired: 'First name is required',
  profileLastNameRequired: 'Last name is required',
  profileEmailRequired: 'Email is required',
  profileCodeRequired: 'Please enter the verification code',
  noAccessToken: 'No access token available',
  deletionUnfinished:
    'Your details were removed, but your sign-in may not have been deleted. Try again to finish; if your password is no longer accepted, your account is already gone.',
  sessionEnded: 'Your session has ended. Sign in again to go on where you were.',
  sessionExpired: 'Your session may have expired. Please try signing out and signing in again.',
  profileLoadFailed: 'Failed to load profile',
  profileSlow: 'Profile loading is taking longer than expected. Please try refreshing the page.',
  profileUpdateFailed: 'Failed to update profile',
  verifyFailed: 'Failed to verify email',
  resendVerificationFailed: 'Failed to resend verification code',
  socialEmailChangeRefused:
    'Email changes are not supported for social sign-in accounts. Please contact support if you need to change your email.',
  socialLocalUpdate: 'Profile updated locally. Note: Some changes may require re-authentication with your social provider.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdatedVerifyEmail: 'Profile updated! Please check your new email for verification code.',
  emailVerified: 'Email verified successfully!',
  verificationCodeSent: 'Verification code sent to your new email address',
  unverifiedWarning: 'Your email address is not verified. Some features may be limited.',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave without saving?',

  signupEmbedFailed: 'Unable to load the sign-up form',
  signupEmbedRestricted: 'We cannot display the sign-up form directly in this page due to security restrictions.',

  auditHttp: (which: 'audit-login' | 'audit-profile', status: number) => `${which} HTTP ${status}`,
} as const;
