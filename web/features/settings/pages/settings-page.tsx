import { PageHeader } from '@/components/page-header'
import { ApiTokensSection } from '../components/api-tokens-section'
import { AppearanceSection } from '../components/appearance-section'
import { NotificationsSection } from '../components/notifications-section'
import { PasskeysSection } from '../components/passkeys-section'
import { PasswordSection } from '../components/password-section'
import { ProfileSection } from '../components/profile-section'
import { SecuritySection } from '../components/security-section'
import { SessionsSection } from '../components/sessions-section'

export function SettingsPage() {
  return (
    <div className="grid w-full max-w-3xl gap-6">
      <PageHeader
        title="Settings"
        description="Your profile, password, two-factor sign-in, passkeys, sessions, API tokens, notifications and theme."
      />
      <ProfileSection />
      <PasswordSection />
      <SecuritySection />
      <PasskeysSection />
      <SessionsSection />
      <ApiTokensSection />
      <NotificationsSection />
      <AppearanceSection />
    </div>
  )
}
