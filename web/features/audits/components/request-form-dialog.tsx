import { zodResolver } from '@hookform/resolvers/zod'
import { updateRequestInput, type AuditRequest } from '@shared/schemas/requests'
import { type ReactElement } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import {
  AnswerTypeFields,
  answerTypeFormFields,
  answerTypeInput,
  checkAnswerType,
  choicesText,
} from '@/components/answer-type-fields'
import { FormDialog } from '@/components/form-dialog'
import { SwitchField } from '@/components/switch-field'
import { DialogFooter } from '@/components/ui/dialog'
import { SectionReferenceFields } from '@/components/section-reference-fields'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Textarea } from '@/components/ui/textarea'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { toast } from '@/lib/toast'
import { useCreateRequest } from '../api/create-request'
import { useUpdateRequest } from '../api/update-request'

const requestFormSchema = updateRequestInput
  .required()
  .pick({
    title: true,
    description: true,
    section: true,
    reference: true,
    documentRequired: true,
    responseRequired: true,
  })
  .extend({ documentRequired: z.boolean(), responseRequired: z.boolean(), ...answerTypeFormFields })
  .superRefine(checkAnswerType)
type RequestFormValues = z.input<typeof requestFormSchema>
type RequestFormOutput = z.output<typeof requestFormSchema>
const FIELDS = [
  'title',
  'description',
  'section',
  'reference',
  'documentRequired',
  'responseRequired',
  'answerType',
  'choices',
] as const

interface RequestFormDialogProps {
  auditId: string
  /** The request to edit (a draft's content, a sent request's wording); omitted to add one. */
  request?: AuditRequest
  trigger: ReactElement
}

/** A sent request: only its title and description change, in its history. */
const wordingOnly = (request: AuditRequest | undefined) =>
  request !== undefined && !request.allowedActions.includes('edit')

/** Adds a draft request by hand, or edits a draft's content or a sent request's wording. */
export function RequestFormDialog({ auditId, request, trigger }: RequestFormDialogProps) {
  return (
    <FormDialog
      title={wordingOnly(request) ? 'Edit Wording' : request ? 'Edit Request' : 'Add Request'}
      description={
        wordingOnly(request)
          ? 'The client sees the new wording, and that it changed, in the request’s history.'
          : request
            ? 'Update this draft request. It can be changed until it is sent.'
            : 'A new draft request, added after the last one.'
      }
      trigger={trigger}
    >
      {(done) => <RequestForm auditId={auditId} request={request} onDone={done} />}
    </FormDialog>
  )
}

function RequestForm({
  auditId,
  request,
  onDone,
}: {
  auditId: string
  request?: AuditRequest
  onDone: () => void
}) {
  const createRequest = useCreateRequest()
  const updateRequest = useUpdateRequest()
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(requestFormSchema),
    defaultValues: {
      title: request?.title ?? '',
      description: request?.description ?? '',
      section: request?.section ?? '',
      reference: request?.reference ?? '',
      documentRequired: request?.documentRequired ?? false,
      responseRequired: request?.responseRequired ?? false,
      answerType: request?.answerType ?? 'text',
      choices: choicesText(request?.choices),
    },
  })
  const { errors } = form.formState
  const type = useWatch({ control: form.control, name: 'answerType' })

  const onSubmit = form.handleSubmit(async (values) => {
    // Where it is filed, sent only when it changes (an edit of a sent request's wording stays one).
    const section = values.section || null
    const reference = values.reference || null
    const place = {
      ...(section !== (request?.section ?? null) ? { section } : {}),
      ...(reference !== (request?.reference ?? null) ? { reference } : {}),
    }
    const description = values.description || null
    const input = wordingOnly(request)
      ? { title: values.title, description, ...place }
      : {
          ...values,
          description,
          section,
          reference,
          ...answerTypeInput(values),
          // Only a written answer can be required; any type can require a document.
          responseRequired: values.answerType === 'text' && values.responseRequired,
        }
    try {
      if (request) {
        await updateRequest.mutateAsync({ id: request.id, input })
        toast({ title: 'Request updated successfully' })
      } else {
        await createRequest.mutateAsync({ auditId, input })
        toast({ title: 'Request added successfully' })
      }
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS)
      toastFailure(request ? 'Failed to update request' : 'Failed to add request', error)
    }
  })

  const pending = createRequest.isPending || updateRequest.isPending

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label="Title" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <SectionReferenceFields
        section={{ field: form.register('section'), error: errors.section?.message }}
        reference={{ field: form.register('reference'), error: errors.reference?.message }}
      />
      {wordingOnly(request) ? null : (
        <>
          <AnswerTypeFields
            control={form.control}
            name="answerType"
            value={type}
            choices={{ field: form.register('choices'), error: errors.choices?.message }}
          />
          <SwitchField
            control={form.control}
            name="documentRequired"
            label="Document required"
            description="The client must upload a document."
          />
          {type === 'text' ? (
            <SwitchField
              control={form.control}
              name="responseRequired"
              label="Response required"
              description="The client must answer in writing."
            />
          ) : null}
        </>
      )}
      <DialogFooter>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={request ? 'Saving...' : 'Adding...'}
        >
          {request ? 'Save Changes' : 'Add Request'}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}
