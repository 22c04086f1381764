import { zodResolver } from '@hookform/resolvers/zod'
import {
  ssoConnectionInput,
  type SsoConnectionDto,
  type SsoConnectionInput,
  type SsoSettingsDto,
} from '@shared/schemas/single-sign-on'
import { useQuery } from '@tanstack/react-query'
import { Copy } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { QueryErrorState } from '@/components/error-state'
import { SwitchField } from '@/components/switch-field'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, formatDateTime } from '@/lib/dates'
import { isApiError } from '@/lib/api'
import { applyServerFieldErrors, toastFailure } from '@/lib/mutation-feedback'
import { useSession } from '@/lib/session'
import { toast } from '@/lib/toast'
import {
  singleSignOnQueries,
  ssoTestSignInUrl,
  useRemoveSingleSignOn,
  useSaveSingleSignOn,
} from '../api/single-sign-on'
import { PanelHeader } from './panel-header'

const FIELDS = [
  'issuer',
  'clientId',
  'clientSecret',
  'domains',
  'autoProvision',
  'enforce',
] as const

/** "a.com, b.com" or "a.com b.com" (or one a line, pasted) as the list the server takes. */
const splitDomains = (text: string) => text.split(/[\s,;]+/).filter(Boolean)

const domainsField = z.string().transform((text, ctx) => {
  const list = splitDomains(text)
  const parsed = ssoConnectionInput.shape.domains.safeParse(list)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const index = issue.path[0]
  ctx.addIssue({
    code: 'custom',
    message: typeof index === 'number' ? `${list[index]}: ${issue.message}` : issue.message,
  })
  return z.NEVER
})

/** The form's fields as typed; the secret is required until one is saved, then empty keeps it. */
const ssoForm = (secretSaved: boolean) => {
  const secret: z.ZodType<string | undefined, string | undefined> = secretSaved
    ? ssoConnectionInput.shape.clientSecret
    : ssoConnectionInput.shape.clientSecret.unwrap()
  return z.object({
    issuer: z.string().trim().pipe(ssoConnectionInput.shape.issuer),
    clientId: ssoConnectionInput.shape.clientId,
    clientSecret: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(secret),
    domains: domainsField,
    autoProvision: z.boolean(),
    enforce: z.boolean(),
  })
}
type Values = z.input<ReturnType<typeof ssoForm>>

const formValues = (connection: SsoConnectionDto | null): Values => ({
  issuer: connection?.issuer ?? '',
  clientId: connection?.clientId ?? '',
  clientSecret: '',
  domains: connection?.domains.join(', ') ?? '',
  autoProvision: connection?.autoProvision ?? false,
  enforce: connection?.enforce ?? false,
})

export function SsoPanel() {
  const settings = useQuery(singleSignOnQueries.get())
  return (
    <section aria-labelledby="sso-heading" className="grid gap-4">
      <PanelHeader
        id="sso-heading"
        title="Single Sign-On"
        description="Sign your people in through your identity provider (OpenID Connect): Microsoft Entra ID, Okta, Google Workspace…"
      />
      {settings.isPending ? (
        <SsoSkeleton />
      ) : settings.isError ? (
        <QueryErrorState title="Could not load the single sign-on settings" query={settings} />
      ) : (
        <SsoForm settings={settings.data} />
      )}
    </section>
  )
}

function SsoForm({ settings }: { settings: SsoSettingsDto }) {
  const { connection, callbackUrl } = settings
  const { email } = useSession()
  const ownDomain = email.slice(email.lastIndexOf('@') + 1)
  const save = useSaveSingleSignOn()
  const remove = useRemoveSingleSignOn()
  // The resolver follows the connection: after the first save the secret may be left empty.
  const form = useForm<Values, unknown, SsoConnectionInput>({
    resolver: zodResolver(ssoForm(connection !== null)),
    defaultValues: formValues(connection),
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input)
      form.reset(formValues(saved.connection))
      toast({ title: 'Single sign-on saved' })
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, FIELDS)) return
      // A domain another firm's single sign-on already claims.
      if (isApiError(error) && error.status === 409) {
        form.setError('domains', { type: 'server', message: error.message }, { shouldFocus: true })
        return
      }
      toastFailure('Failed to save single sign-on', error)
    }
  })

  const turnOff = async () => {
    await remove.mutateAsync()
    form.reset(formValues(null))
    toast({
      title: 'Single sign-on turned off',
      description: 'Everyone signs in with their password or passkey again.',
    })
  }

  return (
    <Card className="grid min-w-0 gap-6 p-5 sm:p-6">
      <SsoStatus connection={connection} />
      <RedirectUri url={callbackUrl} />
      <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-5 border-t pt-5">
        <FormField
          label="Issuer URL"
          error={errors.issuer?.message}
          description="Your provider’s OpenID Connect issuer; its discovery document is checked when you save."
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            placeholder="https://login.example.com"
            {...form.register('issuer')}
          />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Client ID" error={errors.clientId?.message}>
            <Input
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              {...form.register('clientId')}
            />
          </FormField>
          <FormField
            label="Client Secret"
            error={errors.clientSecret?.message}
            description={
              connection
                ? 'Saved and never shown. Leave it empty to keep it.'
                : 'From the app you registered at your provider.'
            }
          >
            <Input
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={connection ? 'Saved (empty keeps it)' : undefined}
              {...form.register('clientSecret')}
            />
          </FormField>
        </div>
        <FormField
          label="Domains"
          error={errors.domains?.message}
          description="Your own email domain, e.g. example.com. Separate several with commas or spaces."
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            placeholder={ownDomain}
            {...form.register('domains')}
          />
        </FormField>
        <SwitchField
          control={form.control}
          name="autoProvision"
          label="Add new people automatically"
          description="Someone at these domains without an account gets one, as staff, the first time they sign in through your provider."
        />
        <SwitchField
          control={form.control}
          name="enforce"
          label="Require single sign-on"
          description="People at these domains must sign in through your provider: their passwords and passkeys stop working. Firm admins with two-factor sign-in keep their password as a way in. Use Test Sign-In first."
        />
        <div className="flex flex-wrap items-center justify-end gap-2">
          {connection ? (
            <>
              <ConfirmDialog
                triggerLabel="Turn Off"
                triggerContext="single sign-on"
                trigger={
                  <Button
                    type="button"
                    variant="outline"
                    className="text-destructive hover:text-destructive sm:mr-auto"
                  >
                    Turn Off
                  </Button>
                }
                title="Turn off single sign-on?"
                description={`People at ${connection.domains.join(', ')} will sign in with their passwords and passkeys again, and the domains are released. To set it up again you will need the client secret.`}
                confirmLabel="Turn Off Single Sign-On"
                pendingLabel="Turning off..."
                failureTitle="Failed to turn off single sign-on"
                onConfirm={turnOff}
              />
              <Button asChild variant="outline">
                {/* A full navigation: the sign-in runs at the provider and comes back here. */}
                <a href={ssoTestSignInUrl(email)}>Test Sign-In</a>
              </Button>
            </>
          ) : null}
          <PendingButton type="submit" pending={save.isPending} pendingLabel="Saving...">
            Save
          </PendingButton>
        </div>
        {connection ? (
          <p className="text-sm text-muted-foreground sm:text-right">
            Test Sign-In signs you in as {email} through the saved provider and brings you back to
            the dashboard.
          </p>
        ) : null}
      </form>
    </Card>
  )
}

function SsoStatus({ connection }: { connection: SsoConnectionDto | null }) {
  if (!connection)
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="neutral">Not Set Up</Badge>
        <span className="text-muted-foreground">Everyone signs in with a password or passkey.</span>
      </div>
    )
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="success">On</Badge>
        {connection.enforce ? <Badge variant="warning">Required</Badge> : null}
        <span className="min-w-0 break-words">
          For {connection.domains.join(', ')}
          {connection.enforce
            ? ': passwords and passkeys no longer sign these people in.'
            : ': passwords and passkeys still work too.'}
        </span>
      </div>
      <p className="text-muted-foreground">
        Last changed{' '}
        <time dateTime={connection.updatedAt} title={formatDateTime(connection.updatedAt)}>
          {formatDate(connection.updatedAt)}
        </time>
      </p>
    </div>
  )
}

function RedirectUri({ url }: { url: string }) {
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => toast({ title: 'Redirect URI copied' }),
      () => toast({ title: 'Could not copy', description: 'Select the address and copy it.' }),
    )
  return (
    <FormField label="Redirect URI" description="Register this at your provider.">
      {(props) => (
        <div className="flex gap-2">
          <Input
            {...props}
            readOnly
            value={url}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
            <span className="sr-only"> the redirect URI</span>
          </Button>
        </div>
      )}
    </FormField>
  )
}

function SsoSkeleton() {
  return (
    <div role="status" className="rounded-lg border p-5 sm:p-6">
      <span className="sr-only">Loading the single sign-on settings...</span>
      <div aria-hidden="true" className="grid gap-5">
        <Skeleton className="h-5 w-48" />
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-10 w-full" />
          </div>
        ))}
        <Skeleton className="h-10 w-24 justify-self-end" />
      </div>
    </div>
  )
}
