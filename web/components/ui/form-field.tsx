import { Slot } from 'radix-ui'
import { useId, type ReactElement, type ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export interface FieldControlProps {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

interface FormFieldProps {
  label: ReactNode
  /** The field's error message; also marks the control aria-invalid. */
  error?: string
  description?: ReactNode
  id?: string
  className?: string
  /** Something to show at the end of the label row (e.g. a "Forgot password" link). */
  labelAction?: ReactNode
  /**
   * Either one control element (it receives id, aria-invalid and aria-describedby), or a render
   * function for composite controls such as a Select, whose trigger must get those props.
   */
  children: ReactElement | ((props: FieldControlProps) => ReactNode)
}

export function FormField({
  label,
  error,
  description,
  id,
  className,
  labelAction,
  children,
}: FormFieldProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const descriptionId = `${controlId}-description`
  const errorId = `${controlId}-error`
  const describedBy = [description ? descriptionId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ')

  const controlProps: FieldControlProps = {
    id: controlId,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  }

  return (
    <div data-slot="form-field" className={cn('grid content-start gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={controlId}>{label}</Label>
        {labelAction}
      </div>
      {typeof children === 'function' ? (
        children(controlProps)
      ) : (
        <Slot.Root {...controlProps}>{children}</Slot.Root>
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
