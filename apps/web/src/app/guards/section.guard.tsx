import { Outlet } from 'react-router';
import { useSession } from '../../lib/session/session.context.ts';
import { maySeeSection, type Section } from '@sunstamp/domain/policies/app.policy';
import { DeniedRedirect } from '../../components/denied.redirect.tsx';
import { SIGNED_IN_HOME } from '../route-access.ts';

/** Sections some roles do not see (Users, Companies, the catalogue) send those roles to /jobs, saying why. */
export function SectionGuard({ section }: { section: Section }) {
  const { user } = useSession();
  if (!user) return null;
  if (!maySeeSection(user.role, section)) return <DeniedRedirect to={SIGNED_IN_HOME} />;
  return <Outlet />;
}
