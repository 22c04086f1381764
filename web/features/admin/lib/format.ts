import type { User } from '@shared/schemas/users'

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim()

/** "an admin", "a client user for Acme Ltd": for toasts and descriptions. */
export function roleSummary({ role, clientName }: Pick<User, 'role' | 'clientName'>) {
  if (role === 'admin') return 'an admin'
  return clientName ? `a client user for ${clientName}` : 'a client user'
}
