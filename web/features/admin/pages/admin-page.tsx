import { BellRing, Building2, Mail, Plug, ShieldCheck, Users } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { RequirePermission } from '@/components/require-permission'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ApiTokensPanel } from '../components/api-tokens-panel'
import { CompanyPanel } from '../components/company-panel'
import { InvitationsPanel } from '../components/invitations-panel'
import { RemindersPanel } from '../components/reminders-panel'
import { SecurityPanel } from '../components/security-panel'
import { SsoPanel } from '../components/sso-panel'
import { UsersPanel } from '../components/users-panel'
import { WebhooksPanel } from '../components/webhooks-panel'

const TABS = [
  { value: 'company', label: 'Company', icon: Building2 },
  { value: 'users', label: 'Users', icon: Users },
  { value: 'invitations', label: 'Invitations', icon: Mail },
  { value: 'reminders', label: 'Reminders', icon: BellRing },
  { value: 'security', label: 'Security', icon: ShieldCheck },
  { value: 'integrations', label: 'Integrations', icon: Plug },
] as const

type TabValue = (typeof TABS)[number]['value']

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value)

export function AdminPage() {
  return (
    <RequirePermission to="company.manage">
      <AdminSettings />
    </RequirePermission>
  )
}

function AdminSettings() {
  // The tab lives in the URL (?tab=users), so a reload or a shared link opens the same tab.
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  const tab: TabValue = isTab(requested) ? requested : 'company'

  const onTabChange = (value: string) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params)
        if (value === 'company') next.delete('tab')
        else next.set('tab', value)
        return next
      },
      { replace: true },
    )
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Admin Settings"
        description="Your company's details, the people who can sign in, their invitations, reminders, the sign-in policy, single sign-on, webhooks and API tokens."
      />
      <Tabs value={tab} onValueChange={onTabChange} className="min-w-0">
        {/* On a phone the six tabs sit in two rows of a grid, without their icons, so every one
            shows whole at 360px; from the sm breakpoint they are one row. */}
        <TabsList
          aria-label="Admin settings sections"
          className="grid h-auto w-full grid-cols-3 gap-1 sm:inline-flex sm:h-10 sm:w-fit"
        >
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="px-2 sm:flex-none sm:px-3">
              <Icon aria-hidden="true" className="hidden size-4 sm:block" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="company" className="mt-6">
          <CompanyPanel />
        </TabsContent>
        <TabsContent value="users" className="mt-6">
          <UsersPanel />
        </TabsContent>
        <TabsContent value="invitations" className="mt-6">
          <InvitationsPanel />
        </TabsContent>
        <TabsContent value="reminders" className="mt-6">
          <RemindersPanel />
        </TabsContent>
        <TabsContent value="security" className="mt-6">
          <div className="grid gap-10">
            <SecurityPanel />
            <SsoPanel />
          </div>
        </TabsContent>
        <TabsContent value="integrations" className="mt-6">
          <div className="grid gap-10">
            <WebhooksPanel />
            <ApiTokensPanel />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  )
}
