import { ROLES } from '@shared/constants'
import { ROLE_LABELS, type User } from '@shared/schemas/users'
import { useId } from 'react'
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
  type UseFormSetValue,
} from 'react-hook-form'
import { ClientSelectField } from '@/components/client-select-field'
import { RadioCard, RadioGroup } from '@/components/ui/radio-group'

const ROLE_DESCRIPTIONS: Record<User['role'], string> = {
  admin: "The firm's administrators: everything, including templates, users and company settings.",
  staff: "The firm's people: clients, projects, audits, requests and reviews; templates read-only.",
  client: "Someone at one of your clients: sees only that client's projects and audits.",
}

interface RoleValues extends FieldValues {
  role: User['role']
  clientId?: string | null
}

interface RoleFieldsProps<T extends RoleValues> {
  control: Control<T>
  setValue: UseFormSetValue<T>
  role: User['role'] | undefined
  /** The user's client's name (a change of role), shown before any search finds it. */
  currentClientName?: string | undefined
}

/** The role choice and, for role client, which of the company's clients the user belongs to. */
export function RoleFields<T extends RoleValues>({
  control,
  setValue,
  role,
  currentClientName,
}: RoleFieldsProps<T>) {
  const labelId = useId()
  return (
    <>
      <Controller
        control={control}
        name={'role' as Path<T>}
        render={({ field, fieldState }) => (
          <div className="grid gap-2">
            <p id={labelId} className="text-sm leading-none font-medium">
              Role
            </p>
            <RadioGroup
              aria-labelledby={labelId}
              value={field.value ?? ''}
              onValueChange={(value) => {
                field.onChange(value)
                // Only a client user belongs to a client.
                if (value !== 'client') setValue('clientId' as Path<T>, null as T[Path<T>])
              }}
              ref={field.ref}
            >
              {ROLES.map((value) => (
                <RadioCard
                  key={value}
                  value={value}
                  label={ROLE_LABELS[value]}
                  description={ROLE_DESCRIPTIONS[value]}
                />
              ))}
            </RadioGroup>
            {fieldState.error?.message ? (
              <p className="text-sm font-medium text-destructive">{fieldState.error.message}</p>
            ) : null}
          </div>
        )}
      />
      {role === 'client' ? (
        <ClientSelectField
          control={control}
          name={'clientId' as Path<T>}
          description="The user will see only this client’s projects and audits."
          currentLabel={currentClientName}
        />
      ) : null}
    </>
  )
}
