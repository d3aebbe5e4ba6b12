import { isInternalStaff } from '@sunstamp/domain/roles';
import type { Principal } from '../auth/auth.hooks.ts';
import { forbidden } from '../../platform/errors.ts';

/*
 * Who edits reference data (decisions.md roles table): codes and option lists are admin only;
 * AHJs, utilities and the equipment catalogue are internal staff (admin, support). Everyone
 * signed in reads all of it.
 */

export function requireAdmin(p: Principal) {
  if (p.role !== 'admin') throw forbidden('Only an admin can change this list.');
}

export function requireStaff(p: Principal) {
  if (!isInternalStaff(p.role)) throw forbidden('Only Sunstamp staff can change this.');
}
