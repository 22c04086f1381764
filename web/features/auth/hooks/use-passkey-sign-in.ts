import type { CurrentUser } from '@shared/schemas/auth'
import { useEffect, useRef, useState } from 'react'
import { browserSupportsPasskeys } from '@/lib/passkeys'
import { toast } from '@/lib/toast'

// The passkey code loads on first use (the form's first focus, or the button), not with the page.
const passkeys = () => import('../lib/sign-in-alternatives')

/**
 * Signing in with a passkey from the sign-in page: the button's prompt, and the passkey offered in
 * the e-mail field's autofill where the browser can (conditional UI; picking it there signs in at
 * once). The autofill's request waits from the form's first focus until it is used, replaced by
 * the button's, or the page goes.
 */
export function usePasskeySignIn(enter: (user: CurrentUser) => void) {
  const [pending, setPending] = useState(false)
  const enterRef = useRef(enter)
  enterRef.current = enter
  const autofill = useRef<'idle' | 'waiting' | 'ended'>('idle')
  const cancelAutofill = () => {
    if (autofill.current !== 'waiting') return
    autofill.current = 'ended'
    void passkeys().then((module) => module.cancelPasskeyRequest())
  }
  useEffect(() => cancelAutofill, [])

  return {
    supported: browserSupportsPasskeys(),
    pending,
    offerInAutofill() {
      if (autofill.current !== 'idle' || !browserSupportsPasskeys()) return
      autofill.current = 'waiting'
      void passkeys().then(async (module) => {
        if (autofill.current !== 'waiting' || !(await module.browserOffersPasskeysInAutofill()))
          return
        const stillWanted = () => autofill.current === 'waiting'
        module.signInWithPasskey({ autofill: true, stillWanted }).then(
          ({ user }) => stillWanted() && enterRef.current(user),
          () => undefined, // cancelled, or replaced by the button's prompt: nothing to say
        )
      })
    },
    /** The sign-in moved on to its second step: the autofill's request would wait behind it. */
    cancelAutofill,
    async prompt() {
      // The button's click focused the form first, which offered the autofill: that request, if
      // it started after this one, would end it and the click would come to nothing.
      cancelAutofill()
      setPending(true)
      const module = await passkeys()
      module.signInWithPasskey().then(
        ({ user }) => enterRef.current(user),
        (error: unknown) => {
          setPending(false)
          autofill.current = 'idle' // the e-mail field may offer it again
          const message = module.passkeySignInFailure(error)
          if (message)
            toast({ title: 'Login failed', description: message, variant: 'destructive' })
        },
      )
    },
  }
}
