import { zodResolver } from '@hookform/resolvers/zod'
import { COMPANY_SIZES, INDUSTRIES, REGISTERED_EMAIL_STORAGE_KEY } from '@shared/constants'
import { registerInput } from '@shared/schemas/auth'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
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

const registerFormSchema = registerInput.omit({ captchaToken: true }).extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
})

type RegisterFormValues = z.input<typeof registerFormSchema>
type RegisterFormOutput = z.output<typeof registerFormSchema>
type FieldName = keyof RegisterFormValues

const FIELD_NAMES = new Set<string>(Object.keys(registerFormSchema.shape))

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

  const form = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      companyPhone: '',
    },
  })
  const { errors } = form.formState

  const onToken = useCallback((token: string | null) => {
    setCaptchaToken(token)
    if (token) setCaptchaMissing(false)
  }, [])

  const onValid = ({ confirmPassword, ...values }: RegisterFormOutput) => {
    if (values.password !== confirmPassword) {
      form.setError('confirmPassword', { message: 'Passwords do not match' }, { shouldFocus: true })
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
      { ...values, captchaToken },
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
                form.setError(fieldError.path as FieldName, { message: fieldError.message })
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
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        className="grid gap-8"
      >
        <Section title="Personal">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </FormField>
          </div>
          <FormField label="Email" error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.register('email')}
            />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Password"
              error={errors.password?.message}
              description="At least 6 characters."
            >
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <FormField label="Confirm password" error={errors.confirmPassword?.message}>
              <Input
                type="password"
                autoComplete="new-password"
                {...form.register('confirmPassword')}
              />
            </FormField>
          </div>
        </Section>

        <Section title="Company">
          <FormField label="Company name" error={errors.companyName?.message}>
            <Input autoComplete="organization" {...form.register('companyName')} />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <Controller
              control={form.control}
              name="companySize"
              render={({ field, fieldState }) => (
                <FormField label="Company size" error={fieldState.error?.message}>
                  {(controlProps) => (
                    <Select
                      value={field.value ?? ''}
                      onValueChange={field.onChange}
                      name={field.name}
                    >
                      <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
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
              )}
            />
            <Controller
              control={form.control}
              name="companyIndustry"
              render={({ field, fieldState }) => (
                <FormField label="Industry" error={fieldState.error?.message}>
                  {(controlProps) => (
                    <Select
                      value={field.value ?? ''}
                      onValueChange={field.onChange}
                      name={field.name}
                    >
                      <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
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
              )}
            />
          </div>
          <FormField label="Company phone" error={errors.companyPhone?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              {...form.register('companyPhone')}
            />
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
