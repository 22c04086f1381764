import { REGISTERED_EMAIL_STORAGE_KEY } from '@shared/constants'
import { MailCheck } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { AuthLayout } from '../components/auth-layout'
import { ResendVerificationButton } from '../components/resend-verification-button'

function storedEmail(): string | null {
  try {
    return window.localStorage.getItem(REGISTERED_EMAIL_STORAGE_KEY)
  } catch {
    return null
  }
}

export function RegistrationConfirmationPage() {
  const [searchParams] = useSearchParams()
  const email = searchParams.get('email') || storedEmail()

  return (
    <AuthLayout
      title="Check Your Email"
      icon={
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
      }
      description={
        <>
          We&apos;ve sent a verification link to{' '}
          <strong className="font-semibold break-all text-foreground">
            {email || 'your email'}
          </strong>
          .
        </>
      }
    >
      <div className="grid gap-6">
        <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
          <li>The verification link expires in 1 hour.</li>
          <li>If you don&apos;t see the email, check your spam or junk folder.</li>
          <li>Once your email is verified, you can log in to your account.</li>
        </ul>
        <Button asChild className="w-full">
          <Link to="/login">Go to Login</Link>
        </Button>
        <div className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-muted-foreground">
          <span>Didn&apos;t receive the email or did the link expire?</span>
          {email ? (
            <ResendVerificationButton email={email} variant="link" className="h-auto p-0">
              Request a new one
            </ResendVerificationButton>
          ) : (
            // Without an address there is nothing to re-send to: registering again is the way.
            <Button asChild variant="link" className="h-auto p-0">
              <Link to="/register">Request a new one</Link>
            </Button>
          )}
        </div>
      </div>
    </AuthLayout>
  )
}
