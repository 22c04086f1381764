import { zodResolver } from '@hookform/resolvers/zod'
import {
  API_TOKEN_NAME_MAX_LENGTH,
  createApiTokenInput,
  type ApiTokenDto,
} from '@shared/schemas/api-tokens'
import { useQuery } from '@tanstack/react-query'
import { KeySquare } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ListSection, ListSkeleton } from '@/components/list-section'
import { SecretShownOnce } from '@/components/secret-shown-once'
import { SelectField } from '@/components/select-field'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { RadioCard, RadioGroup } from '@/components/ui/radio-group'
import { useReturnFocus } from '@/lib/focus'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { apiTokenQueries } from '@/lib/queries/api-tokens'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useCreateApiToken, useRevokeApiToken } from '../api/api-tokens'
import { ApiTokenDates, ApiTokenScopeBadge } from '@/components/api-token-details'
import { SettingsSection } from './settings-section'

const EXPIRY_OPTIONS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: 'One year' },
] as const

/** The form's own shape: the access as one choice, the expiry as one of the offered spans. */
const tokenForm = z.object({
  name: createApiTokenInput.shape.name,
  access: z.enum(['read', 'write']),
  expiresInDays: z.enum(EXPIRY_OPTIONS.map((option) => option.value)),
})
type TokenFormValues = z.input<typeof tokenForm>
type TokenFormOutput = z.output<typeof tokenForm>
const FIELDS = ['name', 'expiresInDays'] as const

/** Settings → API tokens: a script or another system calls the API as the user, in this company. */
export function ApiTokensSection() {
  const user = useSession()
  const tokens = useQuery(apiTokenQueries.mine())
  const [creating, setCreating] = useState(false)
  const returnFocus = useReturnFocus()

  const open = () => {
    returnFocus.remember()
    setCreating(true)
  }

  return (
    <SettingsSection
      id="api-tokens-heading"
      title="API tokens"
      description={
        <>
          Let a script or another system call the{' '}
          <a href="/api/docs" className="underline underline-offset-4 hover:text-foreground">
            API
          </a>{' '}
          as you in {user.company.name}. A token can only do what you can, and never manages your
          account.
        </>
      }
      action={
        <Button variant="outline" onClick={open}>
          New Token
        </Button>
      }
    >
      <ListSection
        query={tokens}
        loading={<ListSkeleton label="Loading API tokens..." rows={2} rowClassName="h-16" />}
        errorTitle="Could not load your API tokens"
        empty={<p className="text-sm text-muted-foreground">No API tokens yet.</p>}
      >
        {(list) => (
          <ul aria-label="API tokens" className="divide-y rounded-md border">
            {list.map((token) => (
              <ApiTokenRow key={token.id} token={token} />
            ))}
          </ul>
        )}
      </ListSection>

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
          <CreateApiToken onDone={() => setCreating(false)} />
        </DialogContent>
      </Dialog>
    </SettingsSection>
  )
}

function ApiTokenRow({ token }: { token: ApiTokenDto }) {
  const revoke = useRevokeApiToken()
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <KeySquare aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="wrap-anywhere">{token.name}</span>
            <ApiTokenScopeBadge token={token} />
          </p>
          <ApiTokenDates token={token} />
        </div>
      </div>
      <ConfirmDialog
        triggerLabel="Revoke"
        triggerContext={token.name}
        title="Revoke API Token"
        description={`“${token.name}” stops working at once: whatever uses it is refused from its next call.`}
        confirmLabel="Revoke Token"
        pendingLabel="Revoking..."
        failureTitle="Failed to revoke the token"
        onConfirm={() =>
          revoke.mutateAsync(token.id).then(() => toast({ title: 'API token revoked' }))
        }
      />
    </li>
  )
}

/** The "New API Token" dialog: the form, then the secret, shown this once. */
function CreateApiToken({ onDone }: { onDone: () => void }) {
  const create = useCreateApiToken()
  const form = useForm<TokenFormValues, unknown, TokenFormOutput>({
    resolver: zodResolver(tokenForm),
    defaultValues: { name: '', access: 'read', expiresInDays: '30' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async ({ name, access, expiresInDays }) => {
    try {
      await create.mutateAsync({
        name,
        scopes: access === 'write' ? ['read', 'write'] : ['read'],
        expiresInDays: Number(expiresInDays),
      })
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS))
        toastFailure('Failed to create the token', error)
    }
  })

  if (create.data) return <NewTokenSecret token={create.data.token} onDone={onDone} />

  return (
    <>
      <DialogHeader>
        <DialogTitle>New API Token</DialogTitle>
        <DialogDescription>
          Name it after what will use it, so that you know which to revoke later.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <FormField label="Name" error={errors.name?.message}>
          <Input
            autoComplete="off"
            placeholder="Practice management sync"
            maxLength={API_TOKEN_NAME_MAX_LENGTH}
            {...form.register('name')}
          />
        </FormField>
        <Controller
          control={form.control}
          name="access"
          render={({ field }) => (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm leading-none font-medium">Access</legend>
              <RadioGroup value={field.value} onValueChange={field.onChange} ref={field.ref}>
                <RadioCard
                  value="read"
                  label="Read only"
                  description="Looks things up and downloads files: GET calls only."
                />
                <RadioCard
                  value="write"
                  label="Read and write"
                  description="Also creates, changes and deletes, as far as your role allows."
                />
              </RadioGroup>
            </fieldset>
          )}
        />
        <SelectField
          control={form.control}
          name="expiresInDays"
          label="Expires after"
          options={EXPIRY_OPTIONS}
        />
        <DialogFooter>
          <PendingButton type="submit" pending={create.isPending} pendingLabel="Creating...">
            Create Token
          </PendingButton>
        </DialogFooter>
      </form>
    </>
  )
}

function NewTokenSecret({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <SecretShownOnce
      title="Copy Your New Token"
      label="Token"
      secret={token}
      onDone={onDone}
      description={
        <>
          It is shown only now. Keep it as you would a password, and send it as{' '}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>.
        </>
      }
    />
  )
}
