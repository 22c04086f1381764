import { Outlet } from 'react-router'
import { useNavigationPending } from '../browser-router'
import { Separator } from '@/components/ui/separator'
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar'
import { ThemeToggle } from '@/components/ui/theme-toggle'
import { TooltipProvider } from '@/components/ui/tooltip'
import { NotificationBell } from '@/features/notifications'
import { SearchButton } from '@/features/search'
import { useLiveUpdates } from '@/lib/live/use-live-updates'
import { useSession } from '@/lib/session'
import { AppSidebar } from './app-sidebar'
import { CompanySwitcher } from './company-switcher'

function NavigationProgress() {
  if (!useNavigationPending()) return null
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="absolute inset-x-0 bottom-0 h-0.5 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-pulse bg-primary" />
    </div>
  )
}

export function AppLayout() {
  const user = useSession()
  useLiveUpdates()
  return (
    <TooltipProvider>
      <SidebarProvider>
        <a
          href="#main-content"
          className="sr-only rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
        >
          Skip to main content
        </a>
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-2 sm:px-4">
            <SidebarTrigger />
            <Separator orientation="vertical" className="data-[orientation=vertical]:h-5" />
            <SearchButton />
            <div className="ml-auto flex min-w-0 items-center gap-2">
              <div className="min-w-0 text-right leading-tight">
                <p className="truncate text-sm font-medium">
                  {user.firstName} {user.lastName}
                </p>
                <CompanySwitcher company={user.company} />
              </div>
              <NotificationBell />
              <ThemeToggle />
            </div>
            <NavigationProgress />
          </header>
          <main
            id="main-content"
            tabIndex={-1}
            className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8"
          >
            <div className="mx-auto w-full max-w-6xl">
              <Outlet />
            </div>
          </main>
        </SidebarInset>
      </SidebarProvider>
    </TooltipProvider>
  )
}
