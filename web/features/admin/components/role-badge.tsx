import { ROLE_LABELS, type User } from '@shared/schemas/users'
import { Badge } from '@/components/ui/badge'

// The firm's people (admin, staff) filled, a client's users outlined; the word says which.
const VARIANTS = { admin: 'secondary', staff: 'secondary', client: 'outline' } as const

export function RoleBadge({ role }: { role: User['role'] }) {
  return <Badge variant={VARIANTS[role]}>{ROLE_LABELS[role]}</Badge>
}

/** The role, and for a client user the client they belong to. */
export function RoleWithClient({ role, clientName }: Pick<User, 'role' | 'clientName'>) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <RoleBadge role={role} />
      {role === 'client' ? (
        <span className="min-w-0 break-words text-muted-foreground">
          {clientName ?? 'No client'}
        </span>
      ) : null}
    </div>
  )
}
