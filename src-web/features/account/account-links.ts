import { PATHS } from '../../../src-shared/domain/routes.ts';

/** The signed-in entries of the small-screen menu of the header. */
export const ACCOUNT_LINKS = [
  { label: 'Dashboard', to: PATHS.dashboard },
  { label: 'Profile', to: PATHS.profile },
  { label: 'Subscription', to: PATHS.subscription },
  { label: 'Settings', to: PATHS.settings },
  { label: 'Security', to: PATHS.security },
] as const;
