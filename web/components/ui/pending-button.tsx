import { LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'

interface PendingButtonProps extends Omit<ButtonProps, 'children' | 'asChild'> {
  pending: boolean
  pendingLabel: string
  children: ReactNode
}

/** A button that reads its pending label (e.g. "Signing in...") and is disabled while pending. */
export function PendingButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...props
}: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending ? (
        <>
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  )
}
