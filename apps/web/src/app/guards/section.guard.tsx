import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../features/auth/components/session.context.ts';
import { canSeeSection, SIGNED_IN_HOME, type Section } from '../route-access.ts';

/** Sections some roles do not see (Users, Companies) send those roles to /jobs. */
export function SectionGuard({ section }: { section: Section }) {
  const { user } = useSession();
  if (!user) return null;
  if (!canSeeSection(user.role, section)) return <Navigate to={SIGNED_IN_HOME} replace />;
  return <Outlet />;
}
