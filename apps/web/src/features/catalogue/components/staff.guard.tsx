import { Outlet } from 'react-router';
import { maySeeSection } from '@sunstamp/domain/policies/app.policy';
import { useSession } from '../../../lib/session/session.context.ts';
import { DeniedRedirect } from '../../../components/denied.redirect.tsx';

/** The catalogue screens are for Sunstamp staff (admin, support); others go to /jobs, told why. */
export function StaffGuard() {
  const { user } = useSession();
  if (!user) return null;
  if (!maySeeSection(user.role, 'catalogue')) return <DeniedRedirect to="/jobs" />;
  return <Outlet />;
}
