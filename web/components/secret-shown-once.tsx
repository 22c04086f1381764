import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/lib/toast'

/**
 * A dialog's body that shows a secret the server keeps no readable copy of (an API token, a
 * webhook's signing secret): read-only, selected on focus, with a copy button; `onDone` closes.
 */
export function SecretShownOnce({
  title,
  description,
  label,
  secret,
  onDone,
}: {
  title: string
  description: ReactNode
  /** The field's label ("Token"); the toast says "<label> copied". */
  label: string
  secret: string
  onDone: () => void
}) {
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => toast({ title: `${label} copied` }),
      () =>
        toast({
          title: 'Could not copy',
          description: `Select the ${label.toLowerCase()} and copy it.`,
        }),
    )
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <FormField label={label}>
        <Input
          readOnly
          value={secret}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
      </FormField>
      <DialogFooter className="gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  )
}
