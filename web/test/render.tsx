import type { CurrentUser } from '@shared/schemas/auth'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { Toaster } from '@/components/ui/toaster'
import { SessionProvider } from '@/lib/session'
import { aUser } from './fixtures'

interface Options {
  /** The signed-in user (an admin by default), permissions matching the role. */
  user?: CurrentUser
  /** Where the app is, e.g. "/requests/…". */
  route?: string
  /** The route pattern that renders `ui`, e.g. "/requests/:id". */
  path?: string
}

/**
 * Renders a page or component as the app does: a fresh query cache (no retries), a router at
 * `route`, the session of `user`, and the toaster.
 */
export function renderWithApp(
  ui: ReactElement,
  { user = aUser(), route = '/', path = '*' }: Options = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  })
  const events = userEvent.setup()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider user={user}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  )
  return { ...result, queryClient, user: events }
}

/** Where the app is now (render it beside `ui`): `screen.getByTestId('location')` reads the path. */
export function CurrentPath() {
  return <p data-testid="location">{useLocation().pathname}</p>
}
