import { projectsApi } from '@shared/api/engagements'
import type { CreateProjectInput, Project } from '@shared/schemas/projects'
import { call } from '@/lib/api'
import { useApiMutation, type MutationOptions } from '@/lib/mutation'
import { dashboardQueries, projectQueries } from '@/lib/queries/engagements'

export const createProject = (body: CreateProjectInput) => call(projectsApi.create, { body })

export const useCreateProject = (options?: MutationOptions<Project, CreateProjectInput>) =>
  useApiMutation(
    createProject,
    { invalidates: () => [projectQueries.all, dashboardQueries.all] },
    options,
  )
