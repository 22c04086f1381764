import { AlertTriangle } from 'lucide-react'

/** A dialog's error that belongs to no single field (the server's 409 "last admin", say). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/40 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{message}</p>
    </div>
  )
}
