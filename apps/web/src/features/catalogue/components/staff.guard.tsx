import { Navigate, Outlet } from 'react-router';
import { maySeeSection } from '@sunstamp/domain/policies/app.policy';
import { useSession } from '../../../lib/session/session.context.ts';

/** The catalogue screens are for Sunstamp staff (admin, support); others go to /jobs. */
export function StaffGuard() {
  const { user } = useSession();
  if (!user) return null;
  if (!maySeeSection(user.role, 'catalogue')) return <Navigate to="/jobs" replace />;
  return <Outlet />;
}
