// What other features may use of this one: inviting people and handling open invitations.
export { InviteUserDialog } from './components/invite-user-dialog'
export { ResendInvitationButton } from './components/resend-invitation-button'
export { RevokeInvitationDialog } from './components/revoke-invitation-dialog'
export { RoleBadge } from './components/role-badge'
