import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session/session.context.ts';
import { decideOnboarding } from '../route-access.ts';

/** A user who must set a password or finish the profile does that first. */
export function OnboardingGuard() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) return null;
  const decision = decideOnboarding(user, location.pathname);
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
