import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles.ts';
import { CODE_TYPES } from '../contracts/catalogue.ts';
import { FILE_KINDS } from '../contracts/files.ts';
import type { Actor } from './actor.ts';
import {
  ASSIGNEE_ROLES, jobVisibilityOf, mayAssignJobs, mayBeAssignedJobs, mayWorkOnSomeJobs, mayDeleteDraft, mayCreateJob, mayManageJobs, mayRequestRevision,
  mayWorkOnJob, seesInternalStatus,
} from './jobs.policy.ts';
import { mayGenerateSheets, maySeePlanSets } from './plansets.policy.ts';
import { CATALOGUE_AREAS, mayEditCatalogue, mayEditCodeList, maySeeInactiveCatalogue, type CatalogueArea } from './catalogue.policy.ts';
import {
  assignableRolesFor, editsOwnCompaniesOnly, mayAssignRole, mayListAdminsOnly, mayListUsers, mayManageUser, mayManageUsers,
  needsCompany, userAccessOf, userCompanyScopeOf,
} from './users.policy.ts';
import {
  companyScopeOf, mayBeGroupMember, mayBeSupportContact, mayChooseSupportContact, mayCreateCompany, mayEditCompany, mayListAllCompanies, mayListGroups,
  mayManageGroups, maySeeShifts,
} from './companies.policy.ts';
import { mayEditRequirements, mayReadRequirements, requirementScopeTypesFor, requirementsEditRefusalOf } from './requirements.policy.ts';
import { mayDeleteFile, maySeeFileKind, mayUploadFileKind, mayUploadToCategory, mayUseJobUploadPanel } from './files.policy.ts';
import { analyticsTabsFor, mayChangeSettings, mayReadSettings, maySeeSection, maySeeStaffFigures } from './app.policy.ts';
import { mayManageEngineers, mayReadEngineers, maySignAsEngineer } from './engineers.policy.ts';

/*
 * The roles table of decisions.md, row by row, one column per role in the table's order
 * (admin, support, contractor, user_admin, user). Each case checks every role.
 */
type Row<T> = Record<Role, T>;
const row = <T>(admin: T, support: T, contractor: T, user_admin: T, user: T): Row<T> => ({ admin, support, contractor, user_admin, user });
const OWN = 'c-own';
const OTHER = 'c-other';
const actor = (role: Role, id = `u-${role}`): Actor => ({ id, role, companyIds: role === 'user_admin' || role === 'user' ? [OWN] : [] });

function eachRole<T>(name: string, expected: Row<T>, actual: (role: Role) => T) {
  describe(name, () => {
    it.each(ROLES)('%s', (role) => {
      expect(actual(role)).toEqual(expected[role]);
    });
  });
}

it('the table covers the five roles', () => {
  expect(Object.keys(row(1, 2, 3, 4, 5))).toEqual([...ROLES]);
});

describe('see jobs', () => {
  eachRole('visibility', row('all', 'all', 'assigned', 'own_companies', 'own_companies'), jobVisibilityOf);
  eachRole('internal status shown', row(true, true, true, false, false), seesInternalStatus);
});

eachRole('create / edit / submit / cancel a client job', row(true, true, false, true, true), mayCreateJob);
eachRole('request a revision', row(true, true, false, true, true), mayRequestRevision);

describe('move internal statuses, assign, generate sheets and letters', () => {
  eachRole('on a job assigned to them', row(true, true, true, false, false), (r) => mayWorkOnJob(actor(r), { assigneeId: actor(r).id }));
  eachRole('on a job assigned to someone else', row(true, true, false, false, false), (r) => mayWorkOnJob(actor(r), { assigneeId: 'u-someone' }));
  eachRole('on an unassigned job', row(true, true, false, false, false), (r) => mayWorkOnJob(actor(r), { assigneeId: null }));
  eachRole('assign', row(true, true, false, false, false), mayAssignJobs);
  eachRole('staff-only job details', row(true, true, false, false, false), mayManageJobs);
  eachRole('may be an assignee', row(true, true, true, false, false), mayBeAssignedJobs);
  eachRole('works on some jobs (the role check before a job-work body)', row(true, true, true, false, false), mayWorkOnSomeJobs);
  eachRole('deletes a draft someone else created', row(true, true, false, true, false), (r) => mayDeleteDraft({ id: 'me', role: r }, { createdById: 'other' }));
  eachRole('deletes a draft it created', row(true, true, false, true, true), (r) => mayDeleteDraft({ id: 'me', role: r }, { createdById: 'me' }));
  it('assignee roles are the staff and contractors', () => expect([...ASSIGNEE_ROLES]).toEqual(['admin', 'support', 'contractor']));
  eachRole('generate sheets on a job assigned to them', row(true, true, true, false, false), (r) => mayGenerateSheets(actor(r), { assigneeId: actor(r).id }));
  eachRole('generate sheets on a job assigned to someone else', row(true, true, false, false, false), (r) => mayGenerateSheets(actor(r), { assigneeId: 'u-someone' }));
  eachRole('see plan-set runs (clients: once released, not built)', row(true, true, true, false, false), maySeePlanSets);
});

describe('edit requirements', () => {
  const scopes = {
    ownCompany: { type: 'company', id: OWN },
    otherCompany: { type: 'company', id: OTHER },
    utility: { type: 'utility', id: 'x' },
    ahj: { type: 'ahj', id: 'y' },
  } as const;
  eachRole('own company scope', row(true, true, false, true, false), (r) => mayEditRequirements(actor(r), scopes.ownCompany));
  eachRole('another company scope', row(true, true, false, false, false), (r) => mayEditRequirements(actor(r), scopes.otherCompany));
  eachRole('utility scope', row(true, true, false, false, false), (r) => mayEditRequirements(actor(r), scopes.utility));
  eachRole('AHJ scope', row(true, true, false, false, false), (r) => mayEditRequirements(actor(r), scopes.ahj));
  eachRole('refusal on a utility scope', row(null, null, 'role', 'other_company', 'role'), (r) => requirementsEditRefusalOf(actor(r), scopes.utility));
  eachRole('read another company scope', row(true, true, false, false, false), (r) => mayReadRequirements(actor(r), scopes.otherCompany));
  eachRole('read own company scope', row(true, true, false, true, true), (r) => mayReadRequirements(actor(r), scopes.ownCompany));
  eachRole('read a utility scope', row(true, true, true, true, true), (r) => mayReadRequirements(actor(r), scopes.utility));
  eachRole('scope types offered', row(['company', 'utility', 'ahj'], ['company', 'utility', 'ahj'], ['company'], ['company'], ['company']), (r) => [
    ...requirementScopeTypesFor(r),
  ]);
});

describe('edit codes, AHJs, utilities, option lists, site alerts, blog, help', () => {
  const expected: Record<CatalogueArea, Row<boolean>> = {
    codes: row(true, false, false, false, false),
    ahjs: row(true, true, false, false, false),
    utilities: row(true, true, false, false, false),
    option_lists: row(true, false, false, false, false),
    site_alerts: row(true, false, false, false, false),
    blog: row(true, false, false, false, false),
    help: row(true, true, false, false, false),
    equipment: row(true, true, false, false, false),
  };
  for (const area of CATALOGUE_AREAS) eachRole(area, expected[area], (r) => mayEditCatalogue(r, area));
  for (const type of CODE_TYPES) {
    const editable = type === 'ibc' || type === 'iebc';
    eachRole(`code list ${type}`, row(editable, false, false, false, false), (r) => mayEditCodeList(r, type));
  }
  eachRole('sees inactive records', row(true, true, false, false, false), maySeeInactiveCatalogue);
});

describe('manage users', () => {
  eachRole('access', row('manage_all', 'read_all', 'none', 'manage_own_companies', 'none'), userAccessOf);
  eachRole('lists users', row(true, true, false, true, false), mayListUsers);
  eachRole('invites and edits users', row(true, false, false, true, false), mayManageUsers);
  eachRole('lists admins only', row(true, false, false, false, false), mayListAdminsOnly);
  eachRole('roles it may give', row([...ROLES], [], [], ['user', 'user_admin'], []), (r) => [...assignableRolesFor(r)]);
  for (const given of ROLES) {
    const byCompanyAdmin = given === 'user' || given === 'user_admin';
    eachRole(`may give ${given}`, row(true, false, false, byCompanyAdmin, false), (r) => mayAssignRole(r, given));
  }
  for (const target of ROLES) {
    const client = target === 'user' || target === 'user_admin';
    eachRole(`may edit a ${target}`, row(true, false, false, client, false), (r) => mayManageUser(actor(r), { id: 'u-target', role: target }));
  }
  eachRole('may edit themself', row(true, false, false, true, false), (r) => mayManageUser(actor(r), { id: actor(r).id, role: r }));
  eachRole('needs a company', row(false, false, false, true, true), needsCompany);
  eachRole('keeps memberships outside its companies', row(false, false, false, true, false), editsOwnCompaniesOnly);
  eachRole('sees users of', row(undefined, undefined, [], [OWN], []), (r) => userCompanyScopeOf(actor(r), 'u-target'));
  eachRole('sees themself', row(undefined, undefined, undefined, undefined, undefined), (r) => userCompanyScopeOf(actor(r), actor(r).id));
});

describe('companies', () => {
  eachRole('sees companies', row(undefined, undefined, [], [OWN], [OWN]), (r) => companyScopeOf(actor(r)));
  eachRole('creates a company', row(true, false, false, false, false), mayCreateCompany);
  eachRole('edits its own company', row(true, false, false, true, false), (r) => mayEditCompany(actor(r), OWN));
  eachRole('edits another company', row(true, false, false, false, false), (r) => mayEditCompany(actor(r), OTHER));
  eachRole('chooses the support contact', row(true, false, false, false, false), mayChooseSupportContact);
  eachRole('may be a support contact', row(true, true, false, false, false), mayBeSupportContact);
  eachRole('lists groups', row(true, true, false, false, false), mayListGroups);
  eachRole('lists every company', row(true, true, false, false, false), mayListAllCompanies);
});

describe('job files', () => {
  for (const kind of FILE_KINDS) {
    const staffKind = ['letter', 'cad', 'internal', 'finished_file'].includes(kind);
    const generated = kind === 'plan_set';
    const hidden = kind === 'internal' || generated;
    eachRole(`uploads ${kind}`, generated ? row(false, false, false, false, false) : row(true, true, true, !staffKind, !staffKind), (r) => mayUploadFileKind(r, kind));
    eachRole(`sees ${kind}`, row(true, true, true, !hidden, !hidden), (r) => maySeeFileKind(r, kind));
    eachRole(`deletes a client's ${kind}`, row(true, true, true, !staffKind && !generated, !staffKind && !generated), (r) => mayDeleteFile(r, { kind, uploadedByRole: 'user' }));
    eachRole(`deletes staff's ${kind}`, row(true, true, true, false, false), (r) => mayDeleteFile(r, { kind, uploadedByRole: 'support' }));
  }
  eachRole('upload panel on a job assigned to someone else', row(true, true, false, true, true), (r) => mayUseJobUploadPanel({ id: 'me', role: r }, { assigneeId: 'other' }));
  eachRole('upload panel on a job assigned to them', row(true, true, true, true, true), (r) => mayUseJobUploadPanel({ id: 'me', role: r }, { assigneeId: 'me' }));
  for (const category of ['PV-01', 'PV-06+', 'Engineering', 'Pre-Check'] as const) {
    eachRole(`uploads under ${category}`, row(true, true, true, false, false), (r) => mayUploadToCategory(r, category));
  }
  eachRole('uploads under General', row(true, true, true, true, true), (r) => mayUploadToCategory(r, 'General'));
});

describe('analytics tabs and sections', () => {
  eachRole('analytics tabs', row(['my', 'group', 'company'], ['my', 'group', 'company'], ['my'], ['my', 'company'], ['my']), (r) => [
    ...analyticsTabsFor(r),
  ]);
  eachRole('users section', row(true, true, false, true, false), (r) => maySeeSection(r, 'users'));
  eachRole('companies section', row(true, true, false, false, false), (r) => maySeeSection(r, 'companies'));
  eachRole('catalogue section', row(true, true, false, false, false), (r) => maySeeSection(r, 'catalogue'));
  eachRole('site alerts section', row(true, false, false, false, false), (r) => maySeeSection(r, 'site_alerts'));
  eachRole('blog and help editor section', row(true, true, false, false, false), (r) => maySeeSection(r, 'content'));
  eachRole('staff figures in analytics (designers, shift hours, jobs per hour)', row(true, true, false, false, false), maySeeStaffFigures);
  eachRole('back office section', row(true, true, false, false, false), (r) => maySeeSection(r, 'back_office'));
  eachRole('manage groups', row(true, false, false, false, false), (r) => mayManageGroups(r));
  eachRole('be a group member', row(true, true, true, false, false), (r) => mayBeGroupMember(r));
  eachRole('see active users and shifts', row(true, true, false, false, false), (r) => maySeeShifts(r));
  for (const s of ['jobs', 'messages', 'analytics', 'requirements'] as const) eachRole(`${s} section`, row(true, true, true, true, true), (r) => maySeeSection(r, s));
  eachRole('reads settings', row(true, true, false, false, false), mayReadSettings);
  eachRole('changes settings', row(true, false, false, false, false), mayChangeSettings);
});

// Engineers are staff profiles, managed like users: admin all, support read.
describe('engineers', () => {
  eachRole('engineers section', row(true, true, false, false, false), (r) => maySeeSection(r, 'engineers'));
  eachRole('read engineers', row(true, true, false, false, false), mayReadEngineers);
  eachRole('manage engineers', row(true, false, false, false, false), mayManageEngineers);
  eachRole('sign as the engineer linked to their account', row(true, true, true, true, true), (r) => maySignAsEngineer(actor(r), { userId: actor(r).id }));
  eachRole('sign as another engineer', row(false, false, false, false, false), (r) => maySignAsEngineer(actor(r), { userId: 'someone-else' }));
});
