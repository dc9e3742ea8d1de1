import type { AdminApi } from '../../../src-shared/api/admin/client.ts';

/**
 * Asks main to sign out (revoke the token on the server, forget it here). Never rejects: the
 * click ends the console's session whatever happens, and a sign-out the server did not confirm
 * (unreachable, refused, or main failing) comes back as the text to show the operator.
 */
export async function signOutOfServer(admin: Pick<AdminApi, 'logout'>): Promise<string | null> {
  let reason: string;
  try {
    const outcome = await admin.logout();
    if (outcome.ok) return null;
    reason =
      outcome.reason === 'network'
        ? 'The server could not be reached'
        : (outcome.error ?? 'The server did not confirm the sign-out');
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  return `${reason.replace(/\.$/, '')}. This window is signed out and asks for the password again, but the server may accept the old session until it expires.`;
}

/**
 * The admin API without a session, whatever main still holds: after a sign-out main could not
 * confirm, the gate must ask for the password instead of finding the old token still valid.
 */
export function withoutSession(admin: AdminApi): AdminApi {
  return { ...admin, validate: async () => ({ ok: true, value: false }) };
}
