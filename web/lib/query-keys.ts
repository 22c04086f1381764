// TEMPORARY, while the features move to the query factories of web/lib/queries (issue 13).
// Query keys for every resource. They live here, not in the features, because one feature's
// change refreshes another's data (a new project updates its client's page and the dashboard).
export const dashboardKeys = {
  all: ['dashboard'] as const,
}

export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  detail: (id: string) => [...clientKeys.all, 'detail', id] as const,
}

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
}

export const auditKeys = {
  all: ['audits'] as const,
  list: (projectId: string) => [...auditKeys.all, 'list', projectId] as const,
  detail: (id: string) => [...auditKeys.all, 'detail', id] as const,
}

export const templateKeys = {
  all: ['templates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (id: string) => [...templateKeys.all, 'detail', id] as const,
}

export const templateItemKeys = {
  all: ['template-items'] as const,
  list: (templateId: string) => [...templateItemKeys.all, 'list', templateId] as const,
}

export const categoryKeys = {
  all: ['template-categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
}

// The signed-in user (and the public config the auth pages read). The Settings page updates
// `me` after a profile change, so the header shows the new name at once.
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  publicConfig: () => ['public-config'] as const,
}

export const sessionKeys = {
  all: ['sessions'] as const,
  list: () => [...sessionKeys.all, 'list'] as const,
}

export const organizationKeys = {
  all: ['organization'] as const,
}

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
}

export const invitationKeys = {
  all: ['invitations'] as const,
  list: () => [...invitationKeys.all, 'list'] as const,
}

export const requestKeys = {
  all: ['requests'] as const,
  auditList: (auditId: string) => [...requestKeys.all, 'audit', auditId] as const,
  detail: (id: string) => [...requestKeys.all, 'detail', id] as const,
  comments: (id: string) => [...requestKeys.all, 'comments', id] as const,
  mine: () => [...requestKeys.all, 'mine'] as const,
}
