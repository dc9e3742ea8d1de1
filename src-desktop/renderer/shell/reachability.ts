import type { AdminApi } from '../../../src-shared/api/admin/client.ts';

/**
 * The admin API, telling `onReachable` after each session check whether the server answered.
 * The shared gate takes a check that could not reach the server as no session and asks for the
 * password, which alone reads as a session that ended: the console says the server is down too.
 * A check without a token asks nothing and counts as reachable (nothing is known then).
 */
export function reportingReachability(admin: AdminApi, onReachable: (reachable: boolean) => void): AdminApi {
  return {
    ...admin,
    async validate() {
      const outcome = await admin.validate();
      onReachable(outcome.ok || outcome.reason !== 'network');
      return outcome;
    },
  };
}
