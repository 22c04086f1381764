import type { CurrentUser } from '@shared/schemas/auth'
import { useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { useLogout } from '@/features/auth'
import { useDocumentTitle } from '@/lib/use-document-title'
import { browserSupportsPasskeys } from '@/lib/passkeys'
import { authQueries } from '@/lib/queries/auth'
import { AddPasskey } from '../components/passkeys-section'
import { TotpSetup } from '../components/security-section'

/**
 * What a member sees while the company's policy holds them (every other call answers 403
 * MFA_SETUP_REQUIRED): setting up an authenticator app or adding a passkey, or signing out.
 */
export function MfaSetupRequiredPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Set up two-factor sign-in')
  const queryClient = useQueryClient()
  const logout = useLogout()
  const [open, setOpen] = useState<'app' | 'passkey' | null>(null)
  // The recovery codes are saved: the session is let in now.
  const done = () => {
    setOpen(null)
    void queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey })
  }
  const passkeys = browserSupportsPasskeys()

  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/30 px-4 py-10">
      <div className="grid w-full max-w-md gap-6 rounded-lg border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ShieldCheck aria-hidden="true" className="size-6" />
        </span>
        <div className="grid gap-2">
          <h1 className="text-xl font-semibold">Set Up Two-Factor Sign-In</h1>
          <p className="text-sm text-muted-foreground">
            {user.company.name} requires two-factor sign-in. To continue, set up an authenticator
            app on your phone or add a passkey (your fingerprint, face or device PIN). From then on,
            signing in asks for a code from the app after your password, or you sign in with the
            passkey.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setOpen('app')}>Set Up Authenticator App</Button>
          {passkeys ? (
            <Button variant="outline" onClick={() => setOpen('passkey')}>
              Add a Passkey
            </Button>
          ) : null}
          <Button
            variant="outline"
            disabled={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, { onSettled: () => window.location.assign('/') })
            }
          >
            Sign Out
          </Button>
        </div>
        {passkeys ? null : (
          <p className="text-sm text-muted-foreground">This browser cannot create passkeys.</p>
        )}
      </div>
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : done())}>
        <DialogContent>
          {open === 'app' ? (
            <TotpSetup onDone={done} />
          ) : open === 'passkey' ? (
            <AddPasskey onDone={done} />
          ) : null}
        </DialogContent>
      </Dialog>
    </main>
  )
}
