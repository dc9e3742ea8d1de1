import type { IdentityUserRecord } from '../../domain/admin.ts';
import * as contracts from '../../domain/endpoints/admin.ts';
import type { InviteUserRequest } from '../../domain/user-invites.ts';
import { listFrom, resultFrom, type AdminHttp, type AdminOutcome } from './transport.ts';

/** `POST /api/admin/users/invite`: the customer gets a mail with a temporary password. */
export async function inviteUser(http: AdminHttp, request: InviteUserRequest): Promise<AdminOutcome<IdentityUserRecord>> {
  return listFrom(await http.send(contracts.inviteUser, { body: request }), 'user');
}

/** `GET /api/admin/groups`: every group's name. */
export async function listGroups(http: AdminHttp): Promise<AdminOutcome<string[]>> {
  return listFrom(await http.send(contracts.listGroups), 'groups');
}

/** `GET /api/admin/users/{username}/groups`. */
export async function listUserGroups(http: AdminHttp, username: string): Promise<AdminOutcome<string[]>> {
  return listFrom(await http.send(contracts.listUserGroups, { params: { username } }), 'groups');
}

/** `POST /api/admin/users/{username}/groups`: a new group name creates the group. */
export async function addUserToGroup(http: AdminHttp, username: string, group: string): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send(contracts.addUserToGroup, { params: { username }, body: { group } }));
}

/** `DELETE /api/admin/users/{username}/groups/{group}`. */
export async function removeUserFromGroup(http: AdminHttp, username: string, group: string): Promise<AdminOutcome<void>> {
  return resultFrom(await http.send(contracts.removeUserFromGroup, { params: { username, group } }));
}
