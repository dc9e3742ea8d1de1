import type { AdminFailure } from '../api/admin/transport.ts';

/** A count as the lists print it, its thousands grouped (12,345), whether counted or estimated. */
export const figure = (count: number) => count.toLocaleString('en-US');

/** The admin area's texts: the product's fixed wording, kept word for word (tests compare them). */
export const ADMIN_TEXT = {
  dialogTitle: 'Admin Authentication',
  leadsTitle: 'Lead Management',
  usersTitle: 'User Management',
  sessionEnded: 'Your admin session has ended. Log in again, then try once more.',
  usersSubtitle: 'Manage identity-provider users (Cognito) through the secure admin backend.',
  noLeads: 'No leads found.',
  noLeadsMatching: 'No leads found matching your search.',
  noUsers: 'No users found.',
  noUsersMatching: 'No users found matching your search.',
  showingLeads: (shown: number, total: number) => `Showing ${figure(shown)} of ${figure(total)} leads`,
  showingUsers: (shown: number, total: number) => `Showing ${figure(shown)} of ${figure(total)} users`,
  /** When the total is the database's estimate (a million rows are not counted one by one). */
  showingLeadsAbout: (shown: number, total: number) => `Showing ${figure(shown)} of about ${figure(total)} leads`,
  showingUsersAbout: (shown: number, total: number) => `Showing ${figure(shown)} of about ${figure(total)} users`,
  /** When no total is known (a user search: the identity service counts only the whole pool). */
  showingUsersSoFar: (shown: number, more: boolean) => `Showing ${figure(shown)}${more ? '+' : ''} users`,
  confirmTitle: (action: UserAction) => `Confirm ${capitalise(action)} User`,
  confirmQuestion: (action: UserAction, username: string) => `Are you sure you want to ${action} user "${username}"?`,
  confirmEmail: (email: string) => `Email: ${email}`,
  deleteWarning: 'This action cannot be undone. The user will be permanently deleted.',
  invalidPassword: 'Invalid password',
  loginFailed: 'Login failed',
  /** A 5xx without a message of ours (a proxy's, say): the password was not even checked. */
  loginServerFailed: (status: number) =>
    `Login failed: the server could not check the password (HTTP ${status}). Please try again later.`,
  networkError: 'Network error',
  networkErrorUsers: 'Network error - check if server is running',
  fetchUsersFailed: 'Failed to fetch users',
  networkErrorOccurred: 'Network error occurred',
  actionFailed: (action: UserAction) => `Failed to ${action} user`,
  fetchLeadsFailed: 'Failed to fetch leads',
} as const;

/** The blog's static pages: the 'SEO HTML panel' and the alert after 'Generate All HTML'. */
export const BLOG_HTML_TEXT = {
  panelTitle: 'SEO HTML',
  generateAll: 'Generate All HTML',
  generateAllFailed: 'Failed to generate HTML files. Check console for details.',
  generateAllSummary: (success: number, errors: number) => `HTML generation finished: ${success} succeeded, ${errors} failed.`,
  generateAllStopped: (success: number, errors: number, left: number) =>
    `HTML generation stopped: ${success} succeeded, ${errors} failed, ${left} not generated.`,
  generatedOne: (title: string) => `HTML generated for "${title}".`,
  generateOneFailed: (title: string) => `Could not generate HTML for "${title}".`,
  fetchPostsFailed: 'Failed to fetch posts',
  noPosts: 'No published posts yet.',
  /** A post without a title shows 'Untitled Post'. */
  untitled: 'Untitled Post',
} as const;

export type UserAction = 'enable' | 'disable' | 'delete';

/** Which dialog asks for the password: the two differ in their error texts (see loginFailureText below). */
export type AdminDialogVariant = 'leads' | 'users';

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A wrong password (401) reads 'Invalid password' on the leads dialog and the server's error or 'Login failed'
 * on the users dialog. Any other refusal is not about the password, so both dialogs pass on the server's
 * message: the lockout's 429 says when to retry, and a right password must never be called wrong.
 */
export function loginErrorText(failure: AdminFailure, variant: AdminDialogVariant): string {
  if (failure.reason === 'network') return variant === 'users' ? ADMIN_TEXT.networkErrorUsers : ADMIN_TEXT.networkError;
  const status = failure.reason === 'failed' ? failure.status : undefined;
  if (status === 401 && variant === 'leads') return ADMIN_TEXT.invalidPassword;
  if (failure.error) return failure.error;
  return status !== undefined && status >= 500 ? ADMIN_TEXT.loginServerFailed(status) : ADMIN_TEXT.loginFailed;
}

/**
 * The server's error, the fallback, or (users only) the network text. A 401 reads as the ended
 * session it is: the password dialog opens over the screen, and once logged in again the operator
 * finds what they were doing, with this rather than the server's bare 'Unauthorized'.
 */
export function loadErrorText(failure: AdminFailure, fallback: string, networkText: string = fallback): string {
  if (failure.reason === 'network') return networkText;
  if (failure.reason === 'unauthorized') return ADMIN_TEXT.sessionEnded;
  return failure.error ?? fallback;
}
