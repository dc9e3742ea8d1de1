import type { AdminResult } from '../../domain/admin.ts';
import type { AdminHttp } from './transport.ts';

/** `POST /api/admin/auth/logout`: revokes the token on the server, and always forgets it here. */
export async function logout(http: AdminHttp): Promise<void> {
  if (await http.tokenStore.read()) await http.send<AdminResult>('POST', '/api/admin/auth/logout');
  await http.tokenStore.clear();
}
