import { createBrowserRouter, type RouteObject } from 'react-router'
import { FullPageSpinner } from '@/components/ui/spinner'
import { RootLayout } from './root-layout'
import { RouteErrorBoundary } from './route-error-boundary'

// Every page is its own chunk, and the guard/app shell are split from the public pages, so
// "/" and "/login" load only what they render.
const authRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: () =>
      import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'register',
    lazy: () =>
      import('@/features/auth/pages/register-page').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'registration-confirmation',
    lazy: () =>
      import('@/features/auth/pages/registration-confirmation-page').then((m) => ({
        Component: m.RegistrationConfirmationPage,
      })),
  },
  {
    path: 'verify-email',
    lazy: () =>
      import('@/features/auth/pages/verify-email-page').then((m) => ({
        Component: m.VerifyEmailPage,
      })),
  },
  {
    path: 'forgot-password',
    lazy: () =>
      import('@/features/auth/pages/forgot-password-page').then((m) => ({
        Component: m.ForgotPasswordPage,
      })),
  },
  {
    path: 'reset-password',
    lazy: () =>
      import('@/features/auth/pages/reset-password-page').then((m) => ({
        Component: m.ResetPasswordPage,
      })),
  },
  {
    path: 'accept-invitation',
    lazy: () =>
      import('@/features/auth/pages/accept-invitation-page').then((m) => ({
        Component: m.AcceptInvitationPage,
      })),
  },
]

const appRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () =>
      import('@/features/dashboard/pages/dashboard-page').then((m) => ({
        Component: m.DashboardPage,
      })),
  },
  {
    path: 'clients',
    lazy: () =>
      import('@/features/clients/pages/clients-page').then((m) => ({ Component: m.ClientsPage })),
  },
  {
    path: 'clients/:id',
    lazy: () =>
      import('@/features/clients/pages/client-detail-page').then((m) => ({
        Component: m.ClientDetailPage,
      })),
  },
  {
    path: 'projects',
    lazy: () =>
      import('@/features/projects/pages/projects-page').then((m) => ({
        Component: m.ProjectsPage,
      })),
  },
  {
    path: 'projects/:id',
    lazy: () =>
      import('@/features/projects/pages/project-detail-page').then((m) => ({
        Component: m.ProjectDetailPage,
      })),
  },
  {
    path: 'templates',
    lazy: () =>
      import('@/features/templates/pages/templates-page').then((m) => ({
        Component: m.TemplatesPage,
      })),
  },
  {
    path: 'templates/:id',
    lazy: () =>
      import('@/features/templates/pages/template-detail-page').then((m) => ({
        Component: m.TemplateDetailPage,
      })),
  },
  {
    path: 'categories',
    lazy: () =>
      import('@/features/categories/pages/categories-page').then((m) => ({
        Component: m.CategoriesPage,
      })),
  },
  {
    path: 'admin',
    lazy: () =>
      import('@/features/admin/pages/admin-page').then((m) => ({ Component: m.AdminPage })),
  },
  {
    path: 'settings',
    lazy: () =>
      import('@/features/settings/pages/settings-page').then((m) => ({
        Component: m.SettingsPage,
      })),
  },
  {
    path: '*',
    // The guard reads this to show the public 404 (rather than a login redirect) without a session.
    handle: { notFound: true },
    lazy: () => import('./app-not-found-page').then((m) => ({ Component: m.AppNotFoundPage })),
  },
]

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        index: true,
        lazy: () => import('@/pages/landing-page').then((m) => ({ Component: m.LandingPage })),
      },
      {
        lazy: () => import('./query-layout').then((m) => ({ Component: m.QueryLayout })),
        children: [
          ...authRoutes,
          {
            lazy: () => import('./session-guard').then((m) => ({ Component: m.SessionGuard })),
            children: [
              {
                lazy: () =>
                  import('./layouts/app-layout').then((m) => ({ Component: m.AppLayout })),
                children: appRoutes,
              },
            ],
          },
        ],
      },
    ],
  },
])
