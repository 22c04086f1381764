import {
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_COOKIE_MAX_AGE_S,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_SHORTCUT_KEY,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from '@shared/constants'
import { PanelLeft } from 'lucide-react'
import { Slot } from 'radix-ui'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { useMediaQuery } from '@/lib/use-media-query'
import { cn } from '@/lib/utils'

type SidebarState = 'expanded' | 'collapsed'

interface SidebarContextValue {
  state: SidebarState
  open: boolean
  setOpen: (open: boolean) => void
  openMobile: boolean
  setOpenMobile: (open: boolean) => void
  isMobile: boolean
  toggleSidebar: () => void
}

const SidebarContext = createContext<SidebarContextValue | null>(null)

export function useSidebar() {
  const context = useContext(SidebarContext)
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider')
  return context
}

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`

export function useIsMobile() {
  return useMediaQuery(mobileQuery)
}

function readSidebarCookie(): boolean | undefined {
  const entry = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`))
  if (!entry) return undefined
  return entry.slice(SIDEBAR_COOKIE_NAME.length + 1) !== 'false'
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`
}

export function SidebarProvider({
  defaultOpen = true,
  children,
}: {
  defaultOpen?: boolean
  children: ReactNode
}) {
  const isMobile = useIsMobile()
  const [open, setOpenState] = useState(() => readSidebarCookie() ?? defaultOpen)
  const [openMobile, setOpenMobile] = useState(false)

  // Leaving the phone layout closes the slide-in panel (adjusted during render, not in an effect).
  const [wasMobile, setWasMobile] = useState(isMobile)
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile)
    if (!isMobile) setOpenMobile(false)
  }

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next)
    writeSidebarCookie(next)
  }, [])

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value)
    else setOpen(!open)
  }, [isMobile, open, setOpen])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        (event.metaKey || event.ctrlKey) &&
        !event.altKey &&
        event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY
      ) {
        event.preventDefault()
        toggleSidebar()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggleSidebar])

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  )

  return (
    <SidebarContext.Provider value={value}>
      <div data-slot="sidebar-wrapper" className="flex min-h-svh w-full">
        {children}
      </div>
    </SidebarContext.Provider>
  )
}

/** Whether labels should be hidden (desktop, collapsed to icons). */
export function useSidebarCollapsed() {
  const { state, isMobile } = useSidebar()
  return state === 'collapsed' && !isMobile
}

export function Sidebar({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  const { isMobile, openMobile, setOpenMobile, open } = useSidebar()
  const sheetRef = useRef<HTMLDivElement>(null)
  // The panel has no Radix trigger, so Radix cannot return focus on close: do it here.
  const returnFocusRef = useRef<HTMLElement | null>(null)

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          id="app-sidebar"
          ref={sheetRef}
          aria-describedby={undefined}
          // Radix skips links when choosing what to focus; start at the current page instead.
          onOpenAutoFocus={(event) => {
            returnFocusRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null
            const sheet = sheetRef.current
            const target =
              sheet?.querySelector<HTMLElement>('[aria-current="page"]') ??
              sheet?.querySelector<HTMLElement>('a[href]')
            if (target) {
              event.preventDefault()
              target.focus()
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef.current
            returnFocusRef.current = null
            if (target?.isConnected) {
              event.preventDefault()
              target.focus()
            }
          }}
          className="p-0"
          style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: '85vw' }}
        >
          <SheetTitle className="sr-only">{`${label} navigation`}</SheetTitle>
          <nav aria-label={label} className="flex h-full min-h-0 flex-col">
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    )
  }

  return (
    <aside
      id="app-sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 flex h-svh shrink-0 flex-col overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-out',
        className,
      )}
      style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
    >
      <nav aria-label={label} className="flex h-full min-h-0 flex-col">
        {children}
      </nav>
    </aside>
  )
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar()
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('text-foreground', className)}
      // The phone panel only exists while open.
      aria-controls={isMobile && !openMobile ? undefined : 'app-sidebar'}
      aria-expanded={isMobile ? openMobile : open}
      onClick={(event) => {
        onClick?.(event)
        toggleSidebar()
      }}
      {...props}
    >
      <PanelLeft aria-hidden="true" />
      <span className="sr-only">Toggle Sidebar</span>
    </Button>
  )
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn('flex min-w-0 flex-1 flex-col', className)}
      {...props}
    />
  )
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-header"
      className={cn('flex flex-col gap-2 p-2', className)}
      {...props}
    />
  )
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-x-hidden overflow-y-auto p-2',
        className,
      )}
      {...props}
    />
  )
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-footer"
      className={cn('flex flex-col gap-2 border-t border-sidebar-border p-2', className)}
      {...props}
    />
  )
}

export function SidebarGroup({ label, children }: { label?: string; children: ReactNode }) {
  const collapsed = useSidebarCollapsed()
  const id = label ? `sidebar-group-${label.toLowerCase().replace(/\s+/g, '-')}` : undefined
  return (
    <div
      data-slot="sidebar-group"
      role={label ? 'group' : undefined}
      aria-labelledby={id}
      className="flex flex-col gap-1"
    >
      {label ? (
        <div
          id={id}
          className={cn(
            'flex h-8 items-center px-2 text-xs font-medium text-sidebar-muted-foreground',
            collapsed && 'sr-only',
          )}
        >
          {label}
        </div>
      ) : null}
      {children}
    </div>
  )
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul data-slot="sidebar-menu" className={cn('flex flex-col gap-1', className)} {...props} />
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />
}

interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  asChild?: boolean
  /** Shown as a tooltip when the sidebar is collapsed to icons. */
  tooltip: string
}

/**
 * A row of the menu: an icon and a <span> label. Collapsed, the label stays for screen readers
 * (sr-only) and shows as a tooltip.
 */
export function SidebarMenuButton({
  asChild = false,
  tooltip,
  className,
  ...props
}: SidebarMenuButtonProps) {
  const collapsed = useSidebarCollapsed()
  const [tooltipOpen, setTooltipOpen] = useState(false)
  const Comp = asChild ? Slot.Root : 'button'
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      className={cn(
        'flex h-9 w-full cursor-pointer items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm text-sidebar-foreground transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground disabled:pointer-events-none disabled:opacity-60 aria-[current=page]:bg-sidebar-accent aria-[current=page]:font-semibold aria-[current=page]:text-primary [&_svg]:size-4 [&_svg]:shrink-0 [&>span]:truncate',
        collapsed && 'justify-center px-0 [&>span]:sr-only',
        className,
      )}
      {...props}
    />
  )
  // Always controlled, and never open while labels are visible: an open (even hidden) tooltip
  // would take the first Escape meant for the phone panel.
  return (
    <Tooltip open={collapsed && tooltipOpen} onOpenChange={setTooltipOpen}>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {tooltip}
      </TooltipContent>
    </Tooltip>
  )
}
