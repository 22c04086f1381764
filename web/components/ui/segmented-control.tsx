import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import { cn } from '@/lib/utils'

interface SegmentedControlProps<V extends string> {
  /** The group's accessible name (also shown before the choices unless `hideLabel`). */
  label: string
  hideLabel?: boolean
  value: V
  onValueChange: (value: V) => void
  options: readonly { value: V; label: string }[]
  className?: string
}

/**
 * One of a few choices side by side, like a tab list (a filter: "All / Client / Firm"): a radio
 * group, so the Arrow keys move between the choices and Tab leaves the group.
 */
export function SegmentedControl<V extends string>({
  label,
  hideLabel = false,
  value,
  onValueChange,
  options,
  className,
}: SegmentedControlProps<V>) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {hideLabel ? null : (
        <span aria-hidden="true" className="text-sm text-muted-foreground">
          {label}
        </span>
      )}
      <RadioGroupPrimitive.Root
        aria-label={label}
        value={value}
        onValueChange={(next) => onValueChange(next as V)}
        orientation="horizontal"
        className="inline-flex h-9 max-w-full items-center overflow-x-auto rounded-md bg-muted p-1 text-muted-foreground"
      >
        {options.map((option) => (
          <RadioGroupPrimitive.Item
            key={option.value}
            value={option.value}
            className="inline-flex h-7 cursor-pointer items-center justify-center rounded-sm px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm"
          >
            {option.label}
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
    </div>
  )
}
