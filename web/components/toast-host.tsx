import { lazy, Suspense, useEffect, useState } from 'react'
import { showCarriedToast, useToasts } from '@/lib/toast'

// The Radix toast code loads with the first toast, keeping it out of the initial bundle
// of the landing and sign-in pages (quality budget: 120 KB gzip).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })))

export function ToastHost() {
  const toasts = useToasts()
  const [needed, setNeeded] = useState(false)
  useEffect(() => showCarriedToast(), [])
  if (!needed && toasts.length > 0) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
