import { createContext, useContext, type ReactNode } from 'react';
import type { AdminApi } from '../api/admin/client.ts';
import type { Platform } from '../domain/platform.ts';

export interface AdminServices {
  /**
   * Each call answers an outcome, never a rejection (AdminGate makes sure of it). A new object
   * for each admin session: what a screen loads through it, it loads again after a new login.
   */
  api: AdminApi;
  platform: Platform;
  /** A call answered 401: the session is gone, ask for the password again. */
  sessionLost(): void;
}

const AdminServicesContext = createContext<AdminServices | null>(null);

/** What every admin screen works with; each front end provides its own. */
export function AdminServicesProvider({ value, children }: { value: AdminServices; children: ReactNode }) {
  return <AdminServicesContext.Provider value={value}>{children}</AdminServicesContext.Provider>;
}

export function useAdminServices(): AdminServices {
  const value = useContext(AdminServicesContext);
  if (!value) throw new Error('Admin screens must be inside <AdminServicesProvider>');
  return value;
}
