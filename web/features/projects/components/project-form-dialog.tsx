import { zodResolver } from '@hookform/resolvers/zod'
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  updateProjectInput,
  type Project,
} from '@shared/schemas/projects'
import type { ReactElement } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { ClientSelectField } from '@/components/client-select-field'
import { FormDialog } from '@/components/form-dialog'
import { SelectField } from '@/components/select-field'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useCreateProject } from '../api/create-project'
import { useUpdateProject } from '../api/update-project'

const projectFormSchema = updateProjectInput.required()
type ProjectFormValues = z.input<typeof projectFormSchema>
type ProjectFormOutput = z.output<typeof projectFormSchema>
const FIELDS = ['name', 'clientId', 'description', 'status'] as const

interface ProjectFormDialogProps {
  /** The project to edit; omitted for a new one. */
  project?: Project
  trigger: ReactElement
}

export function ProjectFormDialog({ project, trigger }: ProjectFormDialogProps) {
  return (
    <FormDialog
      title={project ? 'Edit Project' : 'New Project'}
      description={
        project
          ? "Update the project's details and status."
          : 'Create a project for one of your clients.'
      }
      trigger={trigger}
    >
      {(done) => <ProjectForm project={project} onDone={done} />}
    </FormDialog>
  )
}

function ProjectForm({ project, onDone }: { project?: Project; onDone: () => void }) {
  const createProject = useCreateProject()
  const updateProject = useUpdateProject()
  const navigate = useNavigate()
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: {
      name: project?.name ?? '',
      clientId: project?.clientId ?? '',
      description: project?.description ?? '',
      status: project?.status ?? 'active',
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (project) {
        await updateProject.mutateAsync({ id: project.id, input: values })
        toast({ title: 'Project updated successfully' })
        onDone()
      } else {
        const created = await createProject.mutateAsync(values)
        toast({ title: 'Project created successfully' })
        onDone()
        // A new project is empty: its page is where its audits are created.
        void navigate(`/projects/${created.id}`)
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(project ? 'Failed to update project' : 'Failed to create project', error)
    }
  })

  const pending = createProject.isPending || updateProject.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <ClientSelectField
        control={form.control}
        name="clientId"
        currentLabel={project?.clientName ?? undefined}
      />
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      <SelectField
        control={form.control}
        name="status"
        label="Status"
        placeholder="Select a status"
        options={PROJECT_STATUSES.map((status) => ({
          value: status,
          label: PROJECT_STATUS_LABELS[status],
        }))}
      />
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={project ? 'Saving...' : 'Creating...'}
        >
          {project ? 'Save Changes' : 'Create Project'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
