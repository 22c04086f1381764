import type { ComponentProps } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { PendingButton } from '@/components/ui/pending-button'
import { cn } from '@/lib/utils'

/**
 * The link that makes a whole card clickable: its ::after covers the card (which must be
 * `relative`), so a click anywhere on the card follows it and Enter works from the keyboard.
 * Buttons inside the card sit above it (`relative z-10`), so they never trigger the card.
 */
export function CardLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm outline-none after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring',
        className,
      )}
      {...props}
    />
  )
}

/** Card actions that must not follow the card's link. */
export function CardActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('relative z-10 flex flex-wrap gap-2', className)} {...props} />
}

/** "Edit", named for screen readers ("Edit Acme Ltd"): a dialog's trigger on a card or row. */
export function EditButton({ name, ...props }: ComponentProps<typeof Button> & { name: string }) {
  return (
    <Button variant="outline" size="sm" {...props}>
      Edit<span className="sr-only"> {name}</span>
    </Button>
  )
}

/** "Delete", named for screen readers, pending while the deletion runs. */
export function DeleteButton({
  name,
  pending,
  onClick,
}: {
  name: string
  pending: boolean
  onClick: () => void
}) {
  return (
    <PendingButton
      variant="outline"
      size="sm"
      className="text-destructive hover:text-destructive"
      pending={pending}
      pendingLabel="Deleting..."
      onClick={onClick}
    >
      Delete<span className="sr-only"> {name}</span>
    </PendingButton>
  )
}
