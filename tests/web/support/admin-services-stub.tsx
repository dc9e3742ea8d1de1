import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminServicesProvider, type AdminServices } from '../../../src-shared/admin/admin-services.tsx';
import { createFetchAdminApi } from '../../../src-shared/api/admin/client.ts';
import { createMemoryTokenStore } from '../../../src-shared/api/admin/memory-token-store.ts';
import type { Platform } from '../../../src-shared/domain/platform.ts';

/** Where the stubbed admin server lives: relative request paths resolve against it. */
export const STUB_ADMIN_URL = 'http://admin.test';

/** A platform that saves and opens nothing: the screens under test never get that far. */
const inertPlatform: Platform = {
  openExternal: async () => {},
  saveExport: async () => ({ status: 'cancelled' }),
};

/**
 * Renders an admin screen inside the admin services, its API the real fetch client over
 * `fetchStub` (a stubbed server): the answers are the wire format, the rest is the screen's own.
 * `services` may give the platform, and the `sessionLost` told when the screen finds the session gone.
 */
export function renderWithStubbedAdminServer(
  element: ReactNode,
  fetchStub: typeof fetch,
  { platform = inertPlatform, sessionLost = () => {} }: Partial<Pick<AdminServices, 'platform' | 'sessionLost'>> = {},
) {
  const api = createFetchAdminApi({ baseUrl: STUB_ADMIN_URL, tokenStore: createMemoryTokenStore(), fetch: fetchStub });
  return render(<AdminServicesProvider value={{ api, platform, sessionLost }}>{element}</AdminServicesProvider>);
}
