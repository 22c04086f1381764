import { z } from 'zod'
import { id, LIMITS, optionalText, requiredText, timestamps } from './common'
import { pageFields, searchField } from './pagination'
import { progressDto } from './requests'

export const PROJECT_STATUSES = ['active', 'completed', 'on_hold'] as const
export const projectStatus = z.enum(PROJECT_STATUSES, {
  error: 'Status must be active, completed or on_hold',
})
export type ProjectStatus = z.infer<typeof projectStatus>
export const PROJECT_STATUS_LABELS = {
  active: 'Active',
  completed: 'Completed',
  on_hold: 'On Hold',
} as const

const projectFields = {
  name: requiredText('Name'),
  description: optionalText('Description', LIMITS.description),
  clientId: z.uuid({ error: 'Client is required' }),
  status: projectStatus,
}

export const createProjectInput = z.strictObject({
  ...projectFields,
  description: projectFields.description.optional().default(null),
  status: projectStatus.default('active'),
})
export type CreateProjectInput = z.input<typeof createProjectInput>

export const updateProjectInput = z.strictObject(projectFields).partial()
export type UpdateProjectInput = z.input<typeof updateProjectInput>

export const projectDto = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    clientId: z.string(),
    clientName: z.string().nullable(),
    status: projectStatus,
    ...timestamps,
  })
  .meta({ id: 'Project' })
export type Project = z.infer<typeof projectDto>

/** A project of a list, with the progress of the requests of all its audits (those the caller sees). */
export const projectListItemDto = projectDto
  .extend({ progress: progressDto })
  .meta({ id: 'ProjectListItem' })
export type ProjectListItem = z.infer<typeof projectListItemDto>

const filters = {
  ...searchField,
  /** One client's projects. */
  clientId: id.optional(),
  /** One status, or several separated by commas (`active,on_hold`: the open ones). */
  status: z
    .string({ error: 'status must be text' })
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined
      const statuses = value.split(',')
      if (statuses.every((status) => projectStatus.safeParse(status).success))
        return statuses as ProjectStatus[]
      ctx.addIssue({
        code: 'custom',
        message:
          'status must be active, completed or on_hold, or several of them separated by commas',
      })
      return z.NEVER
    }),
}

/** Newest first; `q` finds the names that contain it. */
export const listProjectsQuery = z.strictObject({ ...pageFields, ...filters })
export type ListProjectsQuery = z.input<typeof listProjectsQuery>

/** The tab counts of a project search: the same filters but status. */
export const projectCountsQuery = z.strictObject({
  q: filters.q,
  clientId: filters.clientId,
})
export type ProjectCountsQuery = z.input<typeof projectCountsQuery>

export const projectCountsDto = z
  .object({
    active: z.number().int(),
    completed: z.number().int(),
    onHold: z.number().int(),
    all: z.number().int(),
  })
  .meta({ id: 'ProjectCounts' })
export type ProjectCounts = z.infer<typeof projectCountsDto>
