import { zodResolver } from '@hookform/resolvers/zod'
import { updateProjectInput } from '@shared/schemas/projects'
import { Plus } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useCreateProject } from '@/features/projects'

const projectFormSchema = updateProjectInput.required().pick({ name: true, description: true })
type ProjectFormValues = z.input<typeof projectFormSchema>
type ProjectFormOutput = z.output<typeof projectFormSchema>
const FIELDS = ['name', 'description'] as const

export function CreateProjectDialog({
  clientId,
  clientName,
}: {
  clientId: string
  clientName: string
}) {
  return (
    <FormDialog
      title="Create Project"
      description={<>A new project for {clientName}. It starts as active.</>}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          Create Project
        </Button>
      }
    >
      {(done) => <CreateProjectForm clientId={clientId} onDone={done} />}
    </FormDialog>
  )
}

function CreateProjectForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const createProject = useCreateProject()
  const navigate = useNavigate()
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: { name: '', description: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await createProject.mutateAsync({ ...values, clientId })
      toast({ title: 'Project created successfully' })
      onDone()
      void navigate(`/projects/${created.id}`)
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure('Failed to create project', error)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
      <DialogFooter>
        <PendingButton type="submit" pending={createProject.isPending} pendingLabel="Creating...">
          Create Project
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
