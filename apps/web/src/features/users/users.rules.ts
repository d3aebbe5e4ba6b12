import { ROLES, isClientRole, type Role } from '@sunstamp/domain/roles';

/** Roles a manager may give: admins any, company admins the client roles only (decisions.md). */
export function assignableRoles(role: Role): readonly Role[] {
  if (role === 'admin') return ROLES;
  if (role === 'user_admin') return ['user', 'user_admin'];
  return [];
}

/** Whether the signed-in user may edit this row (the API has the last word). */
export function mayEditUser(editor: { id: string; role: Role }, target: { id: string; role: Role }): boolean {
  if (editor.role === 'admin') return true;
  if (editor.role === 'user_admin') return editor.id === target.id || isClientRole(target.role);
  return false;
}
