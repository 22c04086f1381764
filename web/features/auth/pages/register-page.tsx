import {
  COMPANY_SIZES,
  INDUSTRIES,
  REGISTERED_EMAIL_STORAGE_KEY,
  type DateFormat,
} from '@shared/constants'
import { registerInput } from '@shared/schemas/auth'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { FormError } from '@/components/form-error'
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
import { errorMessage, isApiError } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useRegister } from '../api/register'
import { AuthLayout, TextLink } from '../components/auth-layout'
import { HumanCheck, type HumanCheckHandle } from '../components/human-check'
import { schemaValidation, useAuthForm } from '../hooks/use-auth-form'

// The time zone is the browser's, sent with the form (not a field of it).
const registerFormSchema = registerInput
  .omit({ captchaToken: true, timeZone: true, dateFormat: true })
  .extend({
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })

type RegisterFormOutput = z.output<typeof registerFormSchema>
type FieldName = keyof RegisterFormOutput

const validateRegister = schemaValidation<
  Record<FieldName, string | undefined>,
  RegisterFormOutput
>(async () => registerFormSchema)

const FIELD_NAMES = new Set<string>(Object.keys(registerFormSchema.shape))

/** The browser's IANA time zone: the new company's, for its reminders' hour. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/** The order this browser writes dates in (22 November: day before month?), for the new company. */
function browserDateFormat(): DateFormat {
  try {
    const parts = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'numeric' })
      .formatToParts(new Date(2000, 10, 22))
      .map((part) => part.type)
    return parts.indexOf('day') < parts.indexOf('month') ? 'day-first' : 'month-first'
  } catch {
    return 'month-first'
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5">
      <legend className="mb-4 w-full border-b pb-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  )
}

export function RegisterPage() {
  const navigate = useNavigate()
  const registerAccount = useRegister()
  const humanCheckRef = useRef<HumanCheckHandle>(null)
  const [captchaToken, setCaptchaToken] = useState<string | null>(null)
  const [captchaMissing, setCaptchaMissing] = useState(false)

  const form = useAuthForm({
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      companySize: undefined,
      companyIndustry: undefined,
      companyPhone: '',
    },
    validate: validateRegister,
  })
  const { errors } = form

  const onToken = useCallback((token: string | null) => {
    setCaptchaToken(token)
    if (token) setCaptchaMissing(false)
  }, [])

  const onValid = ({ confirmPassword, ...values }: RegisterFormOutput) => {
    if (values.password !== confirmPassword) {
      form.setError('confirmPassword', 'Passwords do not match', { shouldFocus: true })
      toast({
        title: 'Password mismatch',
        description: 'Passwords do not match',
        variant: 'destructive',
      })
      return
    }
    if (!captchaToken) {
      setCaptchaMissing(true)
      toast({
        title: 'CAPTCHA required',
        description: 'Please complete the CAPTCHA verification',
        variant: 'destructive',
      })
      return
    }

    registerAccount.mutate(
      { ...values, timeZone: browserTimeZone(), dateFormat: browserDateFormat(), captchaToken },
      {
        onSuccess: ({ email }) => {
          try {
            window.localStorage.setItem(REGISTERED_EMAIL_STORAGE_KEY, email)
          } catch {
            // The confirmation page also reads the address from the URL.
          }
          navigate(`/registration-confirmation?email=${encodeURIComponent(email)}`)
        },
        onError: (error) => {
          // A solution is single use: the next attempt needs a fresh check.
          humanCheckRef.current?.reset()
          if (isApiError(error)) {
            for (const fieldError of error.errors) {
              if (FIELD_NAMES.has(fieldError.path)) {
                form.setError(fieldError.path as FieldName, fieldError.message)
              }
            }
          }
          toast({
            title: 'Registration failed',
            description: errorMessage(error, 'Please try again'),
            variant: 'destructive',
          })
        },
      },
    )
  }

  return (
    <AuthLayout
      title="Create an account"
      description="Set up your company's workspace. It only takes a minute."
      width="wide"
      footer={
        <p>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
        </p>
      }
    >
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-8">
        <Section title="Personal">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName}>
              <Input autoComplete="given-name" {...form.field('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName}>
              <Input autoComplete="family-name" {...form.field('lastName')} />
            </FormField>
          </div>
          <FormField label="Email" error={errors.email}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Password"
              error={errors.password}
              description="At least 6 characters."
            >
              <Input type="password" autoComplete="new-password" {...form.field('password')} />
            </FormField>
            <FormField label="Confirm password" error={errors.confirmPassword}>
              <Input
                type="password"
                autoComplete="new-password"
                {...form.field('confirmPassword')}
              />
            </FormField>
          </div>
        </Section>

        <Section title="Company">
          <FormField label="Company name" error={errors.companyName}>
            <Input autoComplete="organization" {...form.field('companyName')} />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Company size" error={errors.companySize}>
              {(controlProps) => (
                <Select
                  value={form.values.companySize ?? ''}
                  onValueChange={(value) => form.setValue('companySize', value)}
                  name="companySize"
                >
                  <SelectTrigger {...controlProps} ref={form.controlRef('companySize')}>
                    <SelectValue placeholder="Select company size" />
                  </SelectTrigger>
                  <SelectContent>
                    {COMPANY_SIZES.map((size) => (
                      <SelectItem key={size} value={size}>
                        {size}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
            <FormField label="Industry" error={errors.companyIndustry}>
              {(controlProps) => (
                <Select
                  value={form.values.companyIndustry ?? ''}
                  onValueChange={(value) => form.setValue('companyIndustry', value)}
                  name="companyIndustry"
                >
                  <SelectTrigger {...controlProps} ref={form.controlRef('companyIndustry')}>
                    <SelectValue placeholder="Select industry" />
                  </SelectTrigger>
                  <SelectContent>
                    {INDUSTRIES.map((industry) => (
                      <SelectItem key={industry} value={industry}>
                        {industry}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
          </div>
          <FormField label="Company phone" error={errors.companyPhone}>
            <Input type="tel" autoComplete="tel" inputMode="tel" {...form.field('companyPhone')} />
          </FormField>
          <div className="grid gap-2">
            <p id="human-check-label" className="text-sm leading-none font-medium">
              Human verification
            </p>
            <div
              role="group"
              aria-labelledby="human-check-label"
              aria-describedby={captchaMissing ? 'human-check-error' : undefined}
            >
              <HumanCheck ref={humanCheckRef} onToken={onToken} />
            </div>
            {captchaMissing ? (
              <p id="human-check-error" className="text-sm font-medium text-destructive">
                Please complete the CAPTCHA verification
              </p>
            ) : null}
          </div>
        </Section>

        <FormError message={errors.form} />
        <PendingButton
          type="submit"
          pending={registerAccount.isPending}
          pendingLabel="Creating account..."
          className="w-full"
        >
          Create account
        </PendingButton>
      </form>
    </AuthLayout>
  )
}
