import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { notify } from '../lib/notify.ts';

/** What a signed-in user is told when their role cannot open the page they asked for. */
function deniedMessage(pathname: string): string {
  return `Your account does not have access to ${pathname}. You were taken to your jobs.`;
}

/**
 * A signed-in user at a page their role does not open (a bookmark, a link shared by a colleague
 * with another role): sent to their jobs (`to`), with a toast that says why instead of a silent jump.
 */
export function DeniedRedirect({ to }: { to: string }) {
  const { pathname } = useLocation();
  useEffect(() => notify(deniedMessage(pathname), { variant: 'info' }), [pathname]);
  return <Navigate to={to} replace />;
}
