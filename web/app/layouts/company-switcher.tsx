import type { authApi } from '@shared/api/auth'
import { endpoint } from '@shared/api/route'
import { ROLE_LABELS } from '@shared/schemas/users'
import { useQuery } from '@tanstack/react-query'
import { ChevronsUpDown } from 'lucide-react'
import { useState } from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { call, errorMessage } from '@/lib/api'
import { authQueries } from '@/lib/queries/auth'
import { toast, toastAfterNavigation } from '@/lib/toast'

const switchMembership = endpoint<typeof authApi.switchMembership>('POST', '/api/auth/switch')

/**
 * The company the user works in, under their name in the header; for someone in several, a menu
 * that switches to another. A switch starts the app afresh on the dashboard: every list, count
 * and live update is the other company's.
 */
export function CompanySwitcher({ company }: { company: { id: string; name: string } }) {
  const { data: memberships } = useQuery({ ...authQueries.memberships(), staleTime: 60_000 })
  const [switching, setSwitching] = useState(false)
  const name = <span className="truncate">{company.name}</span>
  if (!memberships || memberships.length < 2)
    return <p className="truncate text-xs text-muted-foreground">{name}</p>

  const choose = (organizationId: string) => {
    const target = memberships.find((m) => m.organizationId === organizationId)
    if (!target || organizationId === company.id || switching) return
    setSwitching(true)
    call(switchMembership, { body: { organizationId } }).then(
      () => {
        toastAfterNavigation({ title: `Switched to ${target.name}` })
        window.location.assign('/dashboard')
      },
      (error: unknown) => {
        setSwitching(false)
        toast({
          title: `Could not switch to ${target.name}`,
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        })
      },
    )
  }

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="ml-auto flex max-w-full items-center justify-end gap-1 rounded-sm text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Company: ${company.name}. Switch company`}
        disabled={switching}
      >
        {name}
        <ChevronsUpDown aria-hidden="true" className="size-3 shrink-0" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>Switch company</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={company.id} onValueChange={choose}>
          {memberships.map((membership) => (
            <DropdownMenuRadioItem
              key={membership.organizationId}
              value={membership.organizationId}
            >
              <span className="min-w-0 flex-1 truncate">{membership.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {ROLE_LABELS[membership.role]}
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
