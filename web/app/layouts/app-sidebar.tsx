import type { Capability } from '@shared/access'
import {
  BriefcaseBusiness,
  ClipboardCheck,
  FileText,
  FolderKanban,
  History,
  Inbox,
  LayoutDashboard,
  ListTodo,
  LogOut,
  Settings,
  ShieldCheck,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { Link, NavLink } from 'react-router'
import { Brand } from '@/components/brand'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
  useSidebarCollapsed,
} from '@/components/ui/sidebar'
import { useLogout } from '@/features/auth/api/logout'
import { errorMessage, isApiError } from '@/lib/api'
import { usePermissions } from '@/lib/session'
import { toast } from '@/lib/toast'

interface NavItem {
  to: string
  label: string
  icon: LucideIcon
  /** Shown only with this capability (the page is forbidden without it). */
  needs?: Capability
}

const mainItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, needs: 'workspace.read' },
  { to: '/my-work', label: 'My work', icon: ListTodo, needs: 'engagements.manage' },
  { to: '/audits', label: 'Audits', icon: BriefcaseBusiness, needs: 'engagements.manage' },
  { to: '/clients', label: 'Clients', icon: Users, needs: 'engagements.manage' },
  { to: '/review', label: 'Review', icon: ClipboardCheck, needs: 'engagements.manage' },
  { to: '/activity', label: 'Activity', icon: History, needs: 'engagements.manage' },
  { to: '/my-requests', label: 'My Requests', icon: Inbox, needs: 'requests.answer' },
  { to: '/projects', label: 'Projects', icon: FolderKanban, needs: 'workspace.read' },
  { to: '/templates', label: 'Templates', icon: FileText, needs: 'templates.read' },
]

const adminItems: NavItem[] = [
  { to: '/categories', label: 'Categories', icon: Tags, needs: 'templates.read' },
  { to: '/admin', label: 'Admin Settings', icon: ShieldCheck, needs: 'company.manage' },
]

function NavItemLink({ item }: { item: NavItem }) {
  const { isMobile, setOpenMobile } = useSidebar()
  const Icon = item.icon
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild tooltip={item.label}>
        <NavLink
          to={item.to}
          onClick={() => {
            if (isMobile) setOpenMobile(false)
          }}
        >
          <Icon aria-hidden="true" />
          <span>{item.label}</span>
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  )
}

function LogoutButton() {
  const logout = useLogout()
  const goHome = () => window.location.assign('/')
  return (
    <SidebarMenuItem>
      <SidebarMenuButton
        tooltip="Logout"
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSuccess: goHome,
            onError: (error) => {
              // Already signed out on the server: same outcome.
              if (isApiError(error) && error.status === 401) return goHome()
              toast({
                title: 'Logout failed',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              })
            },
          })
        }
      >
        <LogOut aria-hidden="true" />
        <span>Logout</span>
      </SidebarMenuButton>
    </SidebarMenuItem>
  )
}

export function AppSidebar() {
  const collapsed = useSidebarCollapsed()
  const { isMobile, setOpenMobile } = useSidebar()
  const can = usePermissions()
  const visible = (item: NavItem) => !item.needs || can(item.needs)
  const visibleItems = mainItems.filter(visible)
  const visibleAdminItems = adminItems.filter(visible)
  return (
    <Sidebar label="Main">
      <SidebarHeader className="h-14 justify-center border-b border-sidebar-border">
        <Link
          to="/dashboard"
          className={collapsed ? 'flex justify-center rounded-md' : 'flex rounded-md px-1.5'}
          onClick={() => {
            if (isMobile) setOpenMobile(false)
          }}
        >
          <Brand hideName={collapsed} />
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarMenu>
            {visibleItems.map((item) => (
              <NavItemLink key={item.to} item={item} />
            ))}
          </SidebarMenu>
        </SidebarGroup>
        {visibleAdminItems.length > 0 ? (
          <SidebarGroup label="Administration">
            <SidebarMenu>
              {visibleAdminItems.map((item) => (
                <NavItemLink key={item.to} item={item} />
              ))}
            </SidebarMenu>
          </SidebarGroup>
        ) : null}
      </SidebarContent>
      <SidebarFooter>
        <SidebarMenu>
          <NavItemLink item={{ to: '/settings', label: 'Settings', icon: Settings }} />
          <LogoutButton />
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  )
}
