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
  const refused = (message: string) => setState({ kind: 'invalid', message })
  if (preview.accountExists)
    return <JoinWithAccount token={token} preview={preview} onRefused={refused} />
  return (
    <AcceptForm
      token={token}
      preview={preview}
      onRefused={refused}
      onAccountExists={() =>
        setState({ kind: 'ready', preview: { ...preview, accountExists: true, signedIn: false } })
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

/**
 * The invited address has an account: the person joins with it, proving it with their password,
 * or simply accepting when this browser is signed in as them. Their name and sign-in stay theirs.
 */
function JoinWithAccount({
  token,
  preview,
  onRefused,
}: {
  token: string
  preview: InvitationPreview
  onRefused: (message: string) => void
}) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)
  const signInAgain = `/login?redirect=${encodeURIComponent(`/accept-invitation?token=${token}`)}`

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (pending) return
    if (!preview.signedIn && !password) return setError('Password is required')
    setError(undefined)
    setProblem(undefined)
    setPending(true)
    acceptInvitation(preview.signedIn ? { token } : { token, password }).then(
      () => {
        toastAfterNavigation({
          title: `Welcome to ${preview.organizationName}!`,
          description: 'Switch between your companies from the header.',
        })
        window.location.assign('/dashboard')
      },
      (failure: unknown) => {
        setPending(false)
        const fieldError = isApiError(failure)
          ? failure.errors.find((e) => e.path === 'password')
          : undefined
        if (fieldError) return setError(fieldError.message)
        // A second factor to pass first, or already in this company: said here, with a way on.
        if (isApiError(failure) && (failure.status === 403 || failure.status === 409))
          return setProblem(errorMessage(failure, INVALID_LINK))
        if (isRefusedLink(failure)) return onRefused(errorMessage(failure, INVALID_LINK))
        toast({
          title: 'Could not accept the invitation',
          description: errorMessage(failure, 'Please try again.'),
          variant: 'destructive',
        })
      },
    )
  }

  return (
    <AuthLayout
      title={`Join ${preview.organizationName}`}
      documentTitle={DOCUMENT_TITLE}
      description={
        <>
          You have been invited as {roleSummary(preview)}.{' '}
          <strong className="font-medium text-foreground [overflow-wrap:anywhere]">
            {preview.email}
          </strong>{' '}
          {preview.signedIn
            ? 'is the account you are signed in with: accept, and you can switch between your companies from the header.'
            : 'already has an account: enter its password to accept. Your name and sign-in stay the same.'}
        </>
      }
      icon={
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <UserCheck aria-hidden="true" className="size-6" />
        </span>
      }
      footer={
        preview.signedIn ? null : (
          <p>
            Forgot your password? <TextLink to="/forgot-password">Reset it</TextLink>
          </p>
        )
      }
    >
      <div className="grid gap-6">
        <InvitationSummary preview={preview} />
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          {preview.signedIn ? null : (
            <FormField label="Password" error={error}>
              <Input
                type="password"
                name="password"
                autoComplete="current-password"
                maxLength={PASSWORD_MAX_LENGTH}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </FormField>
          )}
          {problem ? (
            <div className="grid gap-2">
              <FormError message={problem} />
              <TextLink to={signInAgain} className="text-sm">
                Sign in
              </TextLink>
            </div>
          ) : null}
          <PendingButton
            type="submit"
            pending={pending}
            pendingLabel="Joining..."
            className="w-full"
          >
            Accept invitation
          </PendingButton>
        </form>
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
