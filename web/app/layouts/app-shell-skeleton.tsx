import { SIDEBAR_COOKIE_NAME, SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON } from '@shared/constants'
import { Brand } from '@/components/brand'
import { Skeleton } from '@/components/ui/skeleton'

function sidebarCollapsed(): boolean {
  return document.cookie.split('; ').includes(`${SIDEBAR_COOKIE_NAME}=false`)
}

/**
 * The app shell's frame (sidebar, header, page) with skeletons where the user's things go: what
 * shows while the session is checked and the shell's code loads, instead of a blank screen. Same
 * sizes as the shell (AppLayout, AppSidebar), so nothing jumps when it arrives. Plain markup
 * only: it is in the router's chunk, which every page loads.
 */
export function AppShellSkeleton() {
  const collapsed = sidebarCollapsed()
  return (
    <div className="flex min-h-svh w-full" aria-busy="true">
      <div
        className="sticky top-0 hidden h-svh shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground md:flex"
        style={{ width: collapsed ? SIDEBAR_WIDTH_ICON : SIDEBAR_WIDTH }}
      >
        <div
          className={
            collapsed
              ? 'flex h-14 items-center justify-center border-b border-sidebar-border p-2'
              : 'flex h-14 items-center border-b border-sidebar-border p-2 px-3.5'
          }
        >
          <Brand hideName={collapsed} />
        </div>
        <div className="flex flex-col gap-1 p-2">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-9 bg-sidebar-accent" />
          ))}
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-2 sm:px-4">
          <Skeleton className="size-10" />
          {/* The header's search box (SearchButton): an icon on phones, a field wider up. */}
          <Skeleton className="ml-[calc(0.5rem+1px)] size-10 sm:h-9 sm:w-48 lg:w-64" />
          <div className="ml-auto flex items-center gap-2">
            <div className="grid justify-items-end gap-1.5">
              <Skeleton className="h-3.5 w-28" />
              <Skeleton className="h-3 w-20" />
            </div>
            <Skeleton className="size-10" />
            <Skeleton className="size-10" />
          </div>
        </div>
        <div className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto grid w-full max-w-6xl gap-6">
            <p role="status" className="sr-only">
              Loading...
            </p>
            <div className="grid gap-2">
              <Skeleton className="h-8 w-48" />
              <Skeleton className="h-4 w-full max-w-sm" />
            </div>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
              {Array.from({ length: 4 }, (_, index) => (
                <Skeleton key={index} className="h-28" />
              ))}
            </div>
            <Skeleton className="h-64" />
          </div>
        </div>
      </div>
    </div>
  )
}
