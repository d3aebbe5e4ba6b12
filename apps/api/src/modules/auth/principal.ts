import type { Role } from '@sunstamp/domain/roles';

/** Who is calling: the signed-in user as every authorised service call sees it. */
export type Principal = {
  id: string;
  email: string;
  role: Role;
  companyIds: string[];
};
