import { adminLogout } from '../../domain/endpoints/admin.ts';
import type { AdminHttp } from './transport.ts';

/** `POST /api/admin/auth/logout`: revokes the token on the server, and always forgets it here. */
export async function logout(http: AdminHttp): Promise<void> {
  if (await http.tokenStore.read()) await http.send(adminLogout);
  await http.tokenStore.clear();
}
