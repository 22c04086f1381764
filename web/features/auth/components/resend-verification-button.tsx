import type { ReactNode } from 'react'
import type { ButtonProps } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { errorMessage } from '@/lib/api'
import { toast } from '@/lib/toast'
import { useResendVerification } from '../api/resend-verification'

const NEUTRAL_CONFIRMATION =
  'If this account still needs to be verified, a new verification link is on its way. It expires in 1 hour.'

interface ResendVerificationButtonProps extends Omit<
  ButtonProps,
  'onClick' | 'children' | 'asChild'
> {
  email: string
  children: ReactNode
}

/** Asks the server to e-mail a fresh verification link; the reply is deliberately neutral. */
export function ResendVerificationButton({
  email,
  children,
  ...props
}: ResendVerificationButtonProps) {
  const resend = useResendVerification()
  return (
    <PendingButton
      {...props}
      pending={resend.isPending}
      pendingLabel="Sending..."
      onClick={() =>
        resend.mutate(
          { email },
          {
            onSuccess: (reply) =>
              toast({
                title: 'Check your inbox',
                description: reply?.message || NEUTRAL_CONFIRMATION,
              }),
            onError: (error) =>
              toast({
                title: 'Could not send the email',
                description: errorMessage(error, 'Please try again in a few minutes.'),
                variant: 'destructive',
              }),
          },
        )
      }
    >
      {children}
    </PendingButton>
  )
}
