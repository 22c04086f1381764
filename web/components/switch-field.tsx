import { useId } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'

/** A yes/no field of a form, as a labelled switch with its explanation ("Requires Document"). */
export function SwitchField<T extends FieldValues, TOutput = T>({
  control,
  name,
  label,
  description,
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  label: string
  description: string
}) {
  const id = useId()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4 rounded-md border p-3">
          <div className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            <p id={`${id}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-description`}
          />
        </div>
      )}
    />
  )
}
