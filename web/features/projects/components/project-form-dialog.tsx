import { zodResolver } from '@hookform/resolvers/zod'
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  updateProjectInput,
  type Project,
} from '@shared/schemas/projects'
import { useQuery } from '@tanstack/react-query'
import type { ReactElement } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { clientQueries } from '@/lib/queries/engagements'
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
  const clients = useQuery(clientQueries.list())
  const createProject = useCreateProject()
  const updateProject = useUpdateProject()
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
      } else {
        await createProject.mutateAsync(values)
        toast({ title: 'Project created successfully' })
      }
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(project ? 'Failed to update project' : 'Failed to create project', error)
    }
  })

  const pending = createProject.isPending || updateProject.isPending
  const noClients = clients.isSuccess && clients.data.length === 0
  const clientHint = clients.isError
    ? 'The clients could not be loaded. Close this dialog and try again.'
    : noClients
      ? 'Add a client on the Clients page first.'
      : undefined

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <Controller
        control={form.control}
        name="clientId"
        render={({ field, fieldState }) => (
          <FormField label="Client" error={fieldState.error?.message} description={clientHint}>
            {(controlProps) => (
              <Select
                value={field.value ?? ''}
                onValueChange={field.onChange}
                disabled={!clients.isSuccess || noClients}
              >
                <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue
                    placeholder={clients.isPending ? 'Loading clients...' : 'Select a client'}
                  />
                </SelectTrigger>
                <SelectContent>
                  {clients.data?.map((client) => (
                    <SelectItem key={client.id} value={client.id}>
                      {client.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      />
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      <Controller
        control={form.control}
        name="status"
        render={({ field, fieldState }) => (
          <FormField label="Status" error={fieldState.error?.message}>
            {(controlProps) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Select a status" />
                </SelectTrigger>
                <SelectContent>
                  {PROJECT_STATUSES.map((status) => (
                    <SelectItem key={status} value={status}>
                      {PROJECT_STATUS_LABELS[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
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
