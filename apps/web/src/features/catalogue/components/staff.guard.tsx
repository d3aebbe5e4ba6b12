import { Navigate, Outlet } from 'react-router';
import { isInternalStaff } from '@sunstamp/domain/roles';
import { useSession } from '../../auth/components/session.context.ts';

/** The catalogue screens are for Sunstamp staff (admin, support); others go to /jobs. */
export function StaffGuard() {
  const { user } = useSession();
  if (!user) return null;
  if (!isInternalStaff(user.role)) return <Navigate to="/jobs" replace />;
  return <Outlet />;
}
