/** The five roles of spec §6, with the helper distinctions it names. */
export const ROLES = ['admin', 'support', 'contractor', 'user_admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  support: 'Support',
  contractor: 'Contractor',
  user_admin: 'Company Admin',
  user: 'User',
};

export const isAdmin = (r: Role) => r === 'admin';
export const isInternalStaff = (r: Role) => r === 'admin' || r === 'support';
export const isStaffOrCompanyAdmin = (r: Role) => isInternalStaff(r) || r === 'user_admin';
export const isAdminOrCompanyAdmin = (r: Role) => r === 'admin' || r === 'user_admin';
export const isUserOnly = (r: Role) => r === 'user';
export const isCompanyAdminOnly = (r: Role) => r === 'user_admin';
export const isContractor = (r: Role) => r === 'contractor';
/** Client roles belong to client companies and see only their companies' records. */
export const isClientRole = (r: Role) => r === 'user' || r === 'user_admin';
