import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

export function RadioGroup({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      className={cn('grid gap-2', className)}
      {...props}
    />
  )
}

interface RadioCardProps {
  value: string
  label: ReactNode
  description?: ReactNode
  disabled?: boolean
  className?: string
}

/** One choice of a RadioGroup, as a bordered card with its label and a line of explanation. */
export function RadioCard({ value, label, description, disabled, className }: RadioCardProps) {
  const id = useId()
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-md border border-input p-3 transition-colors hover:bg-accent/50 has-[[data-disabled]]:cursor-not-allowed has-[[data-disabled]]:opacity-60 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/40',
        className,
      )}
    >
      <RadioGroupPrimitive.Item
        id={id}
        value={value}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-input bg-background data-[state=checked]:border-primary"
      >
        <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
      </RadioGroupPrimitive.Item>
      <span className="grid gap-1">
        <span id={`${id}-label`} className="text-sm leading-none font-medium">
          {label}
        </span>
        {description ? (
          <span id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  )
}
