import { AlertTriangle } from 'lucide-react'
import { cn } from '@/lib/utils'

interface FormErrorProps {
  /** What went wrong; nothing renders without it. */
  message: string | undefined
  /** For the control or fieldset it describes (aria-describedby). */
  id?: string
  /**
   * `inline`: a line beside the form's controls (next to the submit button, under a field);
   * `banner`: a boxed alert at the top of a dialog's form.
   */
  variant?: 'inline' | 'banner'
  className?: string
}

/**
 * A form's message that belongs to no single field (the server's refusal, say), announced when
 * it appears. Every form shows it with this one component.
 */
export function FormError({ message, id, variant = 'inline', className }: FormErrorProps) {
  if (!message) return null
  if (variant === 'banner') {
    return (
      <div
        id={id}
        role="alert"
        className={cn(
          'flex gap-2 rounded-md border border-destructive/40 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground',
          className,
        )}
      >
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>{message}</p>
      </div>
    )
  }
  return (
    <p id={id} role="alert" className={cn('text-sm font-medium text-destructive', className)}>
      {message}
    </p>
  )
}
