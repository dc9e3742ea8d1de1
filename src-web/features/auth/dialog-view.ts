/** The views callers open the authentication dialog with. */
export type AuthDialogView = 'signin' | 'signup';
