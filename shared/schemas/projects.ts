import { z } from 'zod'
import { LIMITS, optionalText, requiredText, timestamps } from './common'

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
