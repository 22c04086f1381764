import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/constants'
import { acceptInvitationInput, type InvitationPreview } from '@shared/schemas/invitations'
import { ROLE_LABELS, roleSummary } from '@shared/schemas/users'
import { CircleX, Eye, EyeOff, UserCheck } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FormError } from '@/components/form-error'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PendingButton } from '@/components/ui/pending-button'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage, isApiError } from '@/lib/api'
import { recordSignIn } from '@/lib/sign-in-history'
import { toast, toastAfterNavigation } from '@/lib/toast'
import { acceptInvitation } from '../api/accept-invitation'
import { getInvitationPreview } from '../api/get-invitation-preview'
import { AuthLayout, TextLink } from '../components/auth-layout'
import { LinkTroubles } from '../components/link-troubles'

const DOCUMENT_TITLE = 'Accept invitation'
const formSchema = acceptInvitationInput.omit({ token: true })
const FIELDS = ['firstName', 'lastName', 'password'] as const
type Field = (typeof FIELDS)[number]
type Values = Record<Field, string>
type FieldErrors = Partial<Record<Field, string>>

type State =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'unavailable' }
  | { kind: 'ready'; preview: InvitationPreview }

/** A refused token (invalid, expired, used or revoked) as opposed to a server we could not reach. */
function isRefusedLink(error: unknown) {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429
}

const INVALID_LINK =
  'This invitation link is invalid or has expired. Ask your administrator for a new one.'
const MISSING_TOKEN =
  'This invitation link is incomplete. Open the link from the email again, or ask your administrator for a new one.'

export function AcceptInvitationPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'loading' } : { kind: 'invalid', message: MISSING_TOKEN },
  )
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    getInvitationPreview(token, { signal: controller.signal }).then(
      (preview) => setState({ kind: 'ready', preview }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        setState(
          isRefusedLink(error)
            ? { kind: 'invalid', message: errorMessage(error, INVALID_LINK) }
            : { kind: 'unavailable' },
        )
      },
    )
    return () => controller.abort()
  }, [token, attempt])

  if (state.kind === 'loading') {
    return (
      <AuthLayout title="Checking your invitation" documentTitle={DOCUMENT_TITLE}>
        <div className="flex justify-center py-4">
          <Spinner label="Checking your invitation..." showLabel />
        </div>
      </AuthLayout>
    )
  }

  if (state.kind === 'unavailable') {
    return (
      <AuthLayout
        title="We couldn't check your invitation"
        documentTitle={DOCUMENT_TITLE}
        description="The server did not answer as expected. Check your connection and try again."
      >
        <Button
          className="w-full"
          onClick={() => {
            setState({ kind: 'loading' })
            setAttempt((value) => value + 1)
          }}
        >
          Try again
        </Button>
      </AuthLayout>
    )
  }

  if (state.kind === 'invalid') {
    return (
      <AuthLayout
        title="Invitation not valid"
        documentTitle={DOCUMENT_TITLE}
        icon={
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive-soft-foreground">
            <CircleX aria-hidden="true" className="size-6" />
          </span>
        }
      >
        <div className="grid gap-6">
          <FormError message={state.message} className="text-center" />
          <LinkTroubles
            reasons={[
              'the invitation has expired (invitations are valid for 7 days);',
              'it has already been accepted, or it was revoked;',
              'the link was copied incompletely from the email.',
            ]}
          />
          <Button asChild className="w-full">
            <Link to="/login">Go to Login</Link>
          </Button>
        </div>
      </AuthLayout>
    )
  }

  const { preview } = state
  if (preview.accountExists) return <AccountExists preview={preview} />
  return (
    <AcceptForm
      token={token}
      preview={preview}
      onRefused={(message) => setState({ kind: 'invalid', message })}
      onAccountExists={() =>
        setState({ kind: 'ready', preview: { ...preview, accountExists: true } })
      }
    />
  )
}

function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  return (
    <dl className="grid gap-3 rounded-md border bg-muted/40 p-4 text-sm sm:grid-cols-2">
      <div className="grid gap-1">
        <dt className="text-xs font-medium text-muted-foreground">Company</dt>
        <dd className="font-medium break-words">{preview.organizationName}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="text-xs font-medium text-muted-foreground">Role</dt>
        <dd className="break-words">
          {ROLE_LABELS[preview.role]}
          {preview.role === 'client' && preview.clientName ? ` · ${preview.clientName}` : null}
        </dd>
      </div>
      <div className="grid gap-1 sm:col-span-2">
        <dt className="text-xs font-medium text-muted-foreground">Email</dt>
        <dd className="[overflow-wrap:anywhere]">{preview.email}</dd>
      </div>
    </dl>
  )
}

function AccountExists({ preview }: { preview: InvitationPreview }) {
  return (
    <AuthLayout
      title="You already have an account"
      documentTitle={DOCUMENT_TITLE}
      description={
        <>
          <strong className="font-medium text-foreground">{preview.email}</strong> already has an
          account. Sign in with it instead of creating a new one.
        </>
      }
      icon={
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <UserCheck aria-hidden="true" className="size-6" />
        </span>
      }
      footer={
        <p>
          Forgot your password? <TextLink to="/forgot-password">Reset it</TextLink>
        </p>
      }
    >
      <div className="grid gap-6">
        <InvitationSummary preview={preview} />
        <Button asChild className="w-full">
          <Link to="/login">Sign in</Link>
        </Button>
      </div>
    </AuthLayout>
  )
}

interface AcceptFormProps {
  token: string
  preview: InvitationPreview
  onRefused: (message: string) => void
  onAccountExists: () => void
}

function AcceptForm({ token, preview, onRefused, onAccountExists }: AcceptFormProps) {
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [showPassword, setShowPassword] = useState(false)
  const [pending, setPending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const focusFirstError = (fieldErrors: FieldErrors) => {
    const first = FIELDS.find((field) => fieldErrors[field])
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
  }

  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors)
    focusFirstError(fieldErrors)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    const parsed = formSchema.safeParse(values)
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field
        fieldErrors[field] ??= issue.message
      }
      showErrors(fieldErrors)
      return
    }
    setErrors({})
    setPending(true)
    acceptInvitation({ token, ...parsed.data }).then(
      ({ user }) => {
        recordSignIn(user.id)
        // A full navigation, like after signing in: the app starts fresh with the new session.
        toastAfterNavigation({
          title: `Welcome to ${preview.organizationName}!`,
          description: 'Your account is ready.',
        })
        window.location.assign('/dashboard')
      },
      (error: unknown) => {
        setPending(false)
        if (isApiError(error) && error.status === 409) return onAccountExists()
        if (isApiError(error) && error.errors.length > 0) {
          const fieldErrors: FieldErrors = {}
          for (const fieldError of error.errors) {
            if ((FIELDS as readonly string[]).includes(fieldError.path))
              fieldErrors[fieldError.path as Field] ??= fieldError.message
          }
          if (Object.keys(fieldErrors).length > 0) return showErrors(fieldErrors)
        }
        // The link stopped working meanwhile (expired, revoked, used in another tab).
        if (isRefusedLink(error)) return onRefused(errorMessage(error, INVALID_LINK))
        toast({
          title: 'Could not create your account',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        })
      },
    )
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <AuthLayout
      title={`Join ${preview.organizationName}`}
      documentTitle={DOCUMENT_TITLE}
      description={`You have been invited as ${roleSummary(preview)}. Choose your name and a password to create your account.`}
      footer={
        <p>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
        </p>
      }
    >
      <div className="grid gap-6">
        <InvitationSummary preview={preview} />
        <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName}>
              <Input autoComplete="given-name" {...field('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName}>
              <Input autoComplete="family-name" {...field('lastName')} />
            </FormField>
          </div>
          <FormField
            label="Password"
            error={errors.password}
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          >
            {(controlProps) => (
              <div className="relative">
                <Input
                  {...controlProps}
                  {...field('password')}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="new-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  className="pr-11"
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="absolute top-1 right-1"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  {showPassword ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                  <span className="sr-only">Show password</span>
                </Button>
              </div>
            )}
          </FormField>
          <PendingButton
            type="submit"
            pending={pending}
            pendingLabel="Creating account..."
            className="w-full"
          >
            Create account
          </PendingButton>
        </form>
      </div>
    </AuthLayout>
  )
}
