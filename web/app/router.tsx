import { lazy, Suspense, type ComponentType } from 'react'
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router'
import { FullPageSpinner } from '@/components/ui/spinner'
import { BrowserRouter } from './browser-router'
import { AppShellSkeleton } from './layouts/app-shell-skeleton'
import { RouteErrorBoundary } from './route-error-boundary'
import { ScrollRestoration } from './scroll-restoration'

interface LazyHandle {
  preload: () => Promise<unknown>
}

/** A route whose component is its own chunk. */
function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'element' | 'handle'> {
  const Component = lazy(() => load().then((module) => ({ default: pick(module) })))
  return { element: <Component />, handle: { preload: load } satisfies LazyHandle }
}

const queryLayout = lazyRoute(
  () => import('./query-layout'),
  (m) => m.QueryLayout,
)
const appLayout = lazyRoute(
  () => import('./layouts/app-layout'),
  (m) => m.AppLayout,
)
const SessionGuard = lazy(() =>
  import('./session-guard').then((m) => ({ default: m.SessionGuard })),
)
const sessionGuardHandle: LazyHandle = { preload: () => import('./session-guard') }

// Every page is its own chunk, and the guard/app shell are split from the public pages, so
// "/" and "/login" load only what they render.
const authRoutes: RouteObject[] = [
  {
    path: 'login',
    ...lazyRoute(
      () => import('@/features/auth/pages/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'register',
    ...lazyRoute(
      () => import('@/features/auth/pages/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: 'registration-confirmation',
    ...lazyRoute(
      () => import('@/features/auth/pages/registration-confirmation-page'),
      (m) => m.RegistrationConfirmationPage,
    ),
  },
  {
    path: 'verify-email',
    ...lazyRoute(
      () => import('@/features/auth/pages/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: 'forgot-password',
    ...lazyRoute(
      () => import('@/features/auth/pages/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: 'reset-password',
    ...lazyRoute(
      () => import('@/features/auth/pages/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: 'unsubscribe',
    ...lazyRoute(
      () => import('@/features/auth/pages/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
  {
    path: 'accept-invitation',
    ...lazyRoute(
      () => import('@/features/auth/pages/accept-invitation-page'),
      (m) => m.AcceptInvitationPage,
    ),
  },
]

const appRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    ...lazyRoute(
      () => import('@/features/dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'activity',
    ...lazyRoute(
      () => import('@/features/activity/pages/activity-page'),
      (m) => m.ActivityPage,
    ),
  },
  {
    path: 'clients',
    ...lazyRoute(
      () => import('@/features/clients/pages/clients-page'),
      (m) => m.ClientsPage,
    ),
  },
  {
    path: 'clients/:id',
    ...lazyRoute(
      () => import('@/features/clients/pages/client-detail-page'),
      (m) => m.ClientDetailPage,
    ),
  },
  {
    path: 'projects',
    ...lazyRoute(
      () => import('@/features/projects/pages/projects-page'),
      (m) => m.ProjectsPage,
    ),
  },
  {
    path: 'projects/:id',
    ...lazyRoute(
      () => import('@/features/projects/pages/project-detail-page'),
      (m) => m.ProjectDetailPage,
    ),
  },
  {
    path: 'audits',
    ...lazyRoute(
      () => import('@/features/reports/pages/portfolio-page'),
      (m) => m.PortfolioPage,
    ),
  },
  {
    path: 'reports',
    ...lazyRoute(
      () => import('@/features/reports/pages/reports-redirect'),
      (m) => m.ReportsRedirect,
    ),
  },
  {
    path: 'audits/:id',
    ...lazyRoute(
      () => import('@/features/audits/pages/audit-page'),
      (m) => m.AuditPage,
    ),
  },
  {
    path: 'requests/:id',
    ...lazyRoute(
      () => import('@/features/audits/pages/request-page'),
      (m) => m.RequestPage,
    ),
  },
  {
    path: 'review',
    ...lazyRoute(
      () => import('@/features/audits/pages/review-page'),
      (m) => m.ReviewPage,
    ),
  },
  {
    path: 'my-work',
    ...lazyRoute(
      () => import('@/features/my-work/pages/my-work-page'),
      (m) => m.MyWorkPage,
    ),
  },
  {
    path: 'my-requests',
    ...lazyRoute(
      () => import('@/features/audits/pages/my-requests-page'),
      (m) => m.MyRequestsPage,
    ),
  },
  {
    path: 'templates',
    ...lazyRoute(
      () => import('@/features/templates/pages/templates-page'),
      (m) => m.TemplatesPage,
    ),
  },
  {
    path: 'templates/:id',
    ...lazyRoute(
      () => import('@/features/templates/pages/template-detail-page'),
      (m) => m.TemplateDetailPage,
    ),
  },
  {
    path: 'categories',
    ...lazyRoute(
      () => import('@/features/categories/pages/categories-page'),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: 'admin',
    ...lazyRoute(
      () => import('@/features/admin/pages/admin-page'),
      (m) => m.AdminPage,
    ),
  },
  {
    path: 'settings',
    ...lazyRoute(
      () => import('@/features/settings/pages/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
]

/**
 * The guarded app shell around `children`. The catch-all gets its own copy, told that the path
 * is unknown: signed out, the guard shows the public 404 there rather than asking to sign in.
 */
const workspace = (children: RouteObject[], unknownPath = false): RouteObject => ({
  // The shell's skeleton from the first moment, also while the guard's own code loads.
  element: (
    <Suspense fallback={<AppShellSkeleton />}>
      <SessionGuard unknownPath={unknownPath} />
    </Suspense>
  ),
  handle: sessionGuardHandle,
  children: [{ ...appLayout, children }],
})

const routes: RouteObject[] = [
  {
    index: true,
    ...lazyRoute(
      () => import('@/features/landing/pages/landing-page'),
      (m) => m.LandingPage,
    ),
  },
  {
    ...queryLayout,
    children: [
      ...authRoutes,
      workspace(appRoutes),
      workspace(
        [
          {
            path: '*',
            ...lazyRoute(
              () => import('./app-not-found-page'),
              (m) => m.AppNotFoundPage,
            ),
          },
        ],
        true,
      ),
    ],
  },
]

function AppRoutes() {
  const location = useLocation()
  // Start loading every chunk the matched routes need at once, rather than one after another as
  // each layout renders its outlet (a failed load shows through the lazy component's own import).
  for (const match of matchRoutes(routes, location) ?? []) {
    void (match.route.handle as LazyHandle | undefined)?.preload().catch(() => undefined)
  }
  const element = useRoutes(routes, location)
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        {element}
        <ScrollRestoration />
      </Suspense>
    </RouteErrorBoundary>
  )
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
