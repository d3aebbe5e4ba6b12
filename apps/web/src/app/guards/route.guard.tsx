import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session/session.context.ts';
import { decideRoute, type RouteAccess } from '../route-access.ts';

/** Applies the access rule of spec §2 to the routes nested under it. */
export function RouteGuard({ access }: { access: RouteAccess }) {
  const { status, endedByUser } = useSession();
  const location = useLocation();
  const remembered = (location.state as { from?: unknown } | null)?.from;
  const decision = decideRoute(access, status, location, { from: remembered, rememberPath: !endedByUser });
  if (decision.type === 'wait') return null;
  if (decision.type === 'redirect') {
    return <Navigate to={decision.to} replace state={decision.from ? { from: decision.from } : undefined} />;
  }
  return <Outlet />;
}
