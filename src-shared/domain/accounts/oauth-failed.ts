/**
 * Said when a Google or Microsoft sign-in fails (ACCOUNT_MESSAGES.oauthFailed). A module of its
 * own because the session, which loads with every page, needs only this text: a bundle splits by
 * module, so importing it from messages.ts put the whole table into the home page's first load.
 */
export const OAUTH_FAILED = 'OAuth sign-in failed. Please try again.';
