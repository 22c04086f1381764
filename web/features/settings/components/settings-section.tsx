import type { ReactNode } from 'react'
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

interface SettingsSectionProps {
  id: string
  title: string
  description: ReactNode
  /** An action at the end of the heading row (e.g. "Sign out everywhere else"). */
  action?: ReactNode
  children: ReactNode
}

/** One card of the Settings page: a <section> named by its <h2>. */
export function SettingsSection({
  id,
  title,
  description,
  action,
  children,
}: SettingsSectionProps) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-card text-card-foreground">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id={id}>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </section>
  )
}
