import { Link, useSearchParams } from 'react-router'
import { FormError } from '@/components/form-error'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { errorMessage, isApiError } from '@/lib/api'
import { useUnsubscribe } from '../api/unsubscribe'
import { AuthLayout, TextLink } from '../components/auth-layout'
import { StatusIcon } from '../components/status-icon'
import { LinkTroubles } from '../components/link-troubles'

const SETTINGS_HINT = 'You can choose what you are e-mailed about in Settings, under Notifications.'

/**
 * The link at the foot of a reminder or summary e-mail. Nothing happens on opening it (mail
 * scanners open links): the button sends the one-click unsubscribe with the link's token.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const unsubscribe = useUnsubscribe()
  // A refused token stays refused; anything else (the network, the server) may work again.
  const retryable =
    unsubscribe.isError && !(isApiError(unsubscribe.error) && unsubscribe.error.status < 500)

  if (!token || (unsubscribe.isError && !retryable)) {
    const message = token
      ? errorMessage(unsubscribe.error, 'This unsubscribe link is not valid.')
      : 'This unsubscribe link is incomplete.'
    return (
      <AuthLayout
        title="Could not unsubscribe"
        documentTitle="Unsubscribe"
        icon={<StatusIcon kind="error" />}
      >
        <div className="grid gap-6" aria-live="polite">
          <p className="text-center text-sm font-medium text-destructive">{message}</p>
          <LinkTroubles
            reasons={[
              'the link was copied incompletely from the e-mail;',
              'the account it was sent to no longer exists.',
            ]}
          />
          <p className="text-center text-sm text-muted-foreground">{SETTINGS_HINT}</p>
          <Button asChild className="w-full">
            <Link to="/settings">Go to Settings</Link>
          </Button>
        </div>
      </AuthLayout>
    )
  }

  if (unsubscribe.isSuccess) {
    return (
      <AuthLayout
        title="You are unsubscribed"
        documentTitle="Unsubscribe"
        icon={<StatusIcon kind="success" />}
      >
        <div className="grid gap-6 text-center" aria-live="polite">
          <p className="text-sm">{unsubscribe.data.message}</p>
          <p className="text-sm text-muted-foreground">Changed your mind? {SETTINGS_HINT}</p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/settings">Go to Settings</Link>
          </Button>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title="Stop these e-mails?"
      documentTitle="Unsubscribe"
      description="The link in your e-mail stops one kind of e-mail to you: reminders of requests coming due or overdue, or the summary of open requests. Nothing else changes."
    >
      <div className="grid gap-6" aria-live="polite">
        {retryable ? (
          <FormError
            message={errorMessage(unsubscribe.error, 'Something went wrong. Please try again.')}
            className="text-center"
          />
        ) : null}
        <PendingButton
          className="w-full"
          pending={unsubscribe.isPending}
          pendingLabel="Unsubscribing..."
          onClick={() => unsubscribe.mutate(token)}
        >
          {retryable ? 'Try again' : 'Unsubscribe'}
        </PendingButton>
        <p className="text-center text-sm text-muted-foreground">
          Rather choose what you get?{' '}
          <TextLink to="/settings">Open your notification settings</TextLink>
        </p>
      </div>
    </AuthLayout>
  )
}
