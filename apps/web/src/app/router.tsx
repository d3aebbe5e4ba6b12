import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration } from 'react-router';
import { PageFallback, PrerenderedDone } from '../components/page-fallback.tsx';
import { RouteErrorPage } from '../components/route-error.page.tsx';
import { RouteGuard } from './guards/route.guard.tsx';
import { WithQueries, preloadQueries } from './query.provider.tsx';
import { lazyNamed } from '../lib/preloadable.ts';
import { hasStoredSession } from '../lib/session/session.provider.tsx';
import { OnboardingGuard } from './guards/onboarding.guard.tsx';
import { SectionGuard } from './guards/section.guard.tsx';
import { REFERENCE_PAGES } from '../features/catalogue/catalogue-nav.ts';
import { CONTENT_SLUGS } from '@sunstamp/domain/site/public-pages.routes';


const AppLayout = lazyNamed(() => import('./layouts/app.layout.tsx'), 'AppLayout');
const PublicLayout = lazyNamed(() => import('./layouts/public.layout.tsx'), 'PublicLayout');
const AuthLayout = lazyNamed(() => import('./layouts/auth.layout.tsx'), 'AuthLayout');

const LoginPage = lazyNamed(() => import('../features/auth/pages/login.page.tsx'), 'LoginPage');
const RequestDemoPage = lazyNamed(() => import('../features/auth/pages/request-demo.page.tsx'), 'RequestDemoPage');
const PasswordResetPage = lazyNamed(() => import('../features/auth/pages/password-reset.page.tsx'), 'PasswordResetPage');
const PasswordResetConfirmPage = lazyNamed(
  () => import('../features/auth/pages/password-reset-confirm.page.tsx'),
  'PasswordResetConfirmPage',
);
const UnsubscribePage = lazyNamed(() => import('../features/messages/pages/unsubscribe.page.tsx'), 'UnsubscribePage');
const VerifyEmailPage = lazyNamed(() => import('../features/auth/pages/verify-email.page.tsx'), 'VerifyEmailPage');

const HomePage = lazyNamed(() => import('../features/marketing/pages/home.page.tsx'), 'HomePage');
const HomeRedirectPage = lazyNamed(() => import('../features/marketing/pages/home-redirect.page.tsx'), 'HomeRedirectPage');
const ContentPage = lazyNamed(() => import('../features/marketing/pages/content.page.tsx'), 'ContentPage');
const BlogPage = lazyNamed(() => import('../features/marketing/pages/blog.page.tsx'), 'BlogPage');
const BlogPostPage = lazyNamed(() => import('../features/marketing/pages/blog.page.tsx'), 'BlogPostPage');
const HelpPage = lazyNamed(() => import('../features/marketing/pages/help.page.tsx'), 'HelpPage');
const HelpArticlePage = lazyNamed(() => import('../features/marketing/pages/help.page.tsx'), 'HelpArticlePage');
const ContactUsPage = lazyNamed(() => import('../features/marketing/pages/contact-us.page.tsx'), 'ContactUsPage');

const OnboardingPage = lazyNamed(() => import('../features/users/pages/onboarding.page.tsx'), 'OnboardingPage');
const ProfilePage = lazyNamed(() => import('../features/users/pages/profile.page.tsx'), 'ProfilePage');
const UsersPage = lazyNamed(() => import('../features/users/pages/users.page.tsx'), 'UsersPage');
const CompaniesPage = lazyNamed(() => import('../features/companies/pages/companies.page.tsx'), 'CompaniesPage');
const JobsListPage = lazyNamed(() => import('../features/jobs/pages/jobs-list.page.tsx'), 'JobsListPage');
const JobNewPage = lazyNamed(() => import('../features/jobs/pages/job-new.page.tsx'), 'JobNewPage');
const JobRevisionPage = lazyNamed(() => import('../features/jobs/pages/job-revision.page.tsx'), 'JobRevisionPage');
const JobPage = lazyNamed(() => import('../features/jobs/pages/job.page.tsx'), 'JobPage');
const InboxPage = lazyNamed(() => import('../features/messages/pages/inbox.page.tsx'), 'InboxPage');
const JobDesignPage = lazyNamed(() => import('../features/designs/pages/job-design.page.tsx'), 'JobDesignPage');
const JobConversationPanel = lazyNamed(() => import('../features/messages/components/job-conversation.panel.tsx'), 'JobConversationPanel');
/** The job page shows the messages feature's conversation panel (features never import each other; the app composes them). */
const jobConversation = (jobId: string) => (
  <Suspense fallback={null}>
    <JobConversationPanel jobId={jobId} />
  </Suspense>
);
const PlanSetPanel = lazyNamed(() => import('../features/planset/components/plan-set.panel.tsx'), 'PlanSetPanel');
/** The job page's plan-set panel, from its own feature. */
const jobPlanSet = (job: { id: string; assigneeId: string | null }) => (
  <Suspense fallback={null}>
    <PlanSetPanel jobId={job.id} assigneeId={job.assigneeId} />
  </Suspense>
);
const LettersPanel = lazyNamed(() => import('../features/letters/components/letters.panel.tsx'), 'LettersPanel');
/** The job page's letters panel, from its own feature. */
const jobLetters = (job: { id: string; assigneeId: string | null; services: readonly string[] }) => (
  <Suspense fallback={null}>
    <LettersPanel jobId={job.id} assigneeId={job.assigneeId} services={job.services} />
  </Suspense>
);
const WetStampCard = lazyNamed(() => import('../features/wet-stamps/components/wet-stamp.card.tsx'), 'WetStampCard');
/** The job page's wet stamp card, from its own feature. */
const jobWetStamp = (jobId: string) => (
  <Suspense fallback={null}>
    <WetStampCard jobId={jobId} />
  </Suspense>
);
const SiteAlertsPage = lazyNamed(() => import('../features/site-alerts/pages/site-alerts.page.tsx'), 'SiteAlertsPage');
const EngineersPage = lazyNamed(() => import('../features/engineers/pages/engineers.page.tsx'), 'EngineersPage');
const ContentListPage = lazyNamed(() => import('../features/content/pages/content-list.page.tsx'), 'ContentListPage');
const ContentEditorPage = lazyNamed(() => import('../features/content/pages/content-editor.page.tsx'), 'ContentEditorPage');
const BackOfficePage = lazyNamed(() => import('../features/back-office/pages/back-office.page.tsx'), 'BackOfficePage');
const AnalyticsPage = lazyNamed(() => import('../features/analytics/pages/analytics.page.tsx'), 'AnalyticsPage');
const RequirementsPage = lazyNamed(() => import('../features/requirements/pages/requirements.page.tsx'), 'RequirementsPage');
const AhjsPage = lazyNamed(() => import('../features/catalogue/pages/ahjs.page.tsx'), 'AhjsPage');
const UtilitiesPage = lazyNamed(() => import('../features/catalogue/pages/utilities.page.tsx'), 'UtilitiesPage');
const EquipmentPage = lazyNamed(() => import('../features/catalogue/pages/equipment.page.tsx'), 'EquipmentPage');
const CodesPage = lazyNamed(() => import('../features/catalogue/pages/codes.page.tsx'), 'CodesPage');
const StructuralSpanPage = lazyNamed(() => import('../features/catalogue/pages/structural-span.page.tsx'), 'StructuralSpanPage');
const OptionListsPage = lazyNamed(() => import('../features/catalogue/pages/option-lists.page.tsx'), 'OptionListsPage');
const VerifyPage = lazyNamed(() => import('../features/verify/pages/verify.page.tsx'), 'VerifyPage');
const NotFoundPage = lazyNamed(() => import('../components/not-found.page.tsx'), 'NotFoundPage');

/*
 * The app-layout pages a signed-in first load most often opens. With a stored session the query
 * provider's and the layout's code is asked for as the app starts, beside the session check, and the
 * restore waits for it (app.tsx): the first signed-in render then finds the layout loaded and draws
 * it in the same pass, instead of suspending and waiting out React's 300 ms throttle
 * (lib/preloadable.ts). The page's own code is not asked for early: measured, it competed with the
 * layout's on the browser's six connections (bench/README.md). Without a stored session these paths
 * send the user to /login, so nothing is asked for; a path not listed loads as before.
 */
const SIGNED_IN_OPENINGS = [/^\/(jobs\/?)?$/, /^\/jobs\/new\/?$/, /^\/jobs\/[^/]+\/?$/, /^\/messages\/?$/, /^\/analytics\/?$/, /^\/profile\/?$/];

/** The opening layout's code when a session is stored and the path is one of the above; resolves when it has arrived (or failed: the boundary then shows the error). */
export function preloadOpening(pathname: string): Promise<void> {
  if (!hasStoredSession() || !SIGNED_IN_OPENINGS.some((path) => path.test(pathname))) return Promise.resolve();
  return Promise.all([preloadQueries(), AppLayout.preload()]).then(
    () => undefined,
    () => undefined,
  );
}

const page = (node: ReactNode) => (
  <Suspense fallback={<PageFallback />}>
    <PrerenderedDone />
    {node}
  </Suspense>
);
/** A page that reads or sends data through TanStack Query (its provider loads with the page). */
const dataPage = (node: ReactNode) => page(<WithQueries>{node}</WithQueries>);

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}


/** The route table of spec §2. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      // "/" is the home page only when signed out; a signed-in user goes to /jobs. It and the content
      // pages use no TanStack Query: the pages and layouts that do are wrapped in WithQueries.
      {
        element: <RouteGuard access="home" />,
        children: [{ element: <PublicLayout />, children: [{ index: true, element: page(<HomePage />) }] }],
      },
      // Only when signed out: a signed-in user goes to /jobs (or back to the page that asked).
      {
        element: <RouteGuard access="guest-only" />,
        children: [
          {
            element: (
              <WithQueries>
                <AuthLayout />
              </WithQueries>
            ),
            children: [
              { path: 'login', element: page(<LoginPage />) },
              { path: 'request-demo', element: page(<RequestDemoPage />) },
            ],
          },
        ],
      },
      // Open: reset links and email verification work signed in or out.
      {
        element: <RouteGuard access="open" />,
        children: [
          {
            element: (
              <WithQueries>
                <AuthLayout />
              </WithQueries>
            ),
            children: [
              { path: 'password-reset', element: page(<PasswordResetPage />) },
              { path: 'password-reset/:uid/:token', element: page(<PasswordResetConfirmPage />) },
              { path: 'verify-email/:key', element: page(<VerifyEmailPage />) },
              { path: 'unsubscribe', element: page(<UnsubscribePage />) },
            ],
          },
          {
            element: <PublicLayout />,
            children: [
              { path: 'home', element: page(<HomePage />) },
              { path: 'home/redirect/:shouldClose', element: page(<HomeRedirectPage />) },
              ...CONTENT_SLUGS.map((slug) => ({ path: slug, element: page(<ContentPage slug={slug} />) })),
              { path: 'blog', element: dataPage(<BlogPage />) },
              { path: 'blog/:postId', element: dataPage(<BlogPostPage />) },
              { path: 'help', element: dataPage(<HelpPage />) },
              { path: 'help/:articleId', element: dataPage(<HelpArticlePage />) },
              { path: 'contact-us', element: dataPage(<ContactUsPage />) },
              // The public check of a sealed document's verification code (AHJ reviewers have no account).
              { path: 'verify', element: dataPage(<VerifyPage />) },
              { path: 'verify/:code', element: dataPage(<VerifyPage />) },
            ],
          },
        ],
      },
      // Any other path needs sign-in; signed out goes to /login remembering the path.
      {
        element: (
          <WithQueries>
            <RouteGuard access="auth" />
          </WithQueries>
        ),
        children: [
          {
            element: <OnboardingGuard />,
            children: [
              { element: <AuthLayout wide />, children: [{ path: 'onboarding', element: page(<OnboardingPage />) }] },
              {
                element: <AppLayout />,
                children: [
                  { path: 'jobs', element: page(<JobsListPage />) },
                  { path: 'jobs/new', element: page(<JobNewPage />) },
                  { path: 'jobs/:id', element: page(<JobPage conversation={jobConversation} planSet={jobPlanSet} letters={jobLetters} wetStamp={jobWetStamp} />) },
                  { path: 'jobs/:id/revise', element: page(<JobRevisionPage />) },
                  { path: 'messages', element: page(<InboxPage />) },
                  { path: 'jobs/:id/design', element: page(<JobDesignPage />) },
                  { path: 'analytics', element: page(<AnalyticsPage />) },
                  { path: 'requirements', element: page(<RequirementsPage />) },
                  {
                    // Catalogue screens: staff only.
                    element: <SectionGuard section="catalogue" />,
                    children: [
                      { path: 'ahjs', element: page(<AhjsPage />) },
                      { path: 'utilities', element: page(<UtilitiesPage />) },
                      { path: 'equipment', element: page(<EquipmentPage />) },
                      // Reference data: read-only for support; admins edit (the API refuses the rest).
                      { path: 'reference', element: <Navigate to={REFERENCE_PAGES[0].to} replace /> },
                      { path: 'reference/option-lists', element: page(<OptionListsPage />) },
                      { path: 'reference/codes', element: page(<CodesPage />) },
                      { path: 'reference/engineering', element: page(<StructuralSpanPage />) },
                    ],
                  },
                  { path: 'profile', element: page(<ProfilePage />) },
                  { element: <SectionGuard section="site_alerts" />, children: [{ path: 'site-alerts', element: page(<SiteAlertsPage />) }] },
                  { element: <SectionGuard section="engineers" />, children: [{ path: 'engineers', element: page(<EngineersPage />) }] },
                  { element: <SectionGuard section="back_office" />, children: [{ path: 'back-office', element: page(<BackOfficePage />) }] },
                  {
                    element: <SectionGuard section="content" />,
                    children: [
                      { path: 'content', element: page(<ContentListPage />) },
                      { path: 'content/new', element: page(<ContentEditorPage />) },
                      { path: 'content/:id', element: page(<ContentEditorPage />) },
                    ],
                  },
                  {
                    element: <SectionGuard section="users" />,
                    children: [{ path: 'users', element: page(<UsersPage />) }],
                  },
                  {
                    element: <SectionGuard section="companies" />,
                    children: [{ path: 'companies', element: page(<CompaniesPage />) }],
                  },
                  { path: '*', element: page(<NotFoundPage />) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);
