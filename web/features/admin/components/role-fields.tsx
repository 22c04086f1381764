import { ROLES } from '@shared/constants'
import { ROLE_LABELS, type User } from '@shared/schemas/users'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
  type UseFormSetValue,
} from 'react-hook-form'
import { Link } from 'react-router'
import { FormField } from '@/components/ui/form-field'
import { RadioCard, RadioGroup } from '@/components/ui/radio-group'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select'
import { clientQueries } from '@/lib/queries/engagements'

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
}

/** The role choice and, for role client, which of the company's clients the user belongs to. */
export function RoleFields<T extends RoleValues>({ control, setValue, role }: RoleFieldsProps<T>) {
  const labelId = useId()
  // The clients list's cache, fetched only once a client user is being chosen.
  const clients = useQuery({ ...clientQueries.list(), enabled: role === 'client' })
  const noClients = clients.isSuccess && clients.data.length === 0
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
        <Controller
          control={control}
          name={'clientId' as Path<T>}
          render={({ field, fieldState }) => (
            <FormField
              label="Client"
              error={fieldState.error?.message}
              description={
                clients.isError ? (
                  'The clients could not be loaded. Close this dialog and try again.'
                ) : noClients ? (
                  <>
                    Add a client on the{' '}
                    <Link to="/clients" className="text-primary underline underline-offset-4">
                      Clients page
                    </Link>{' '}
                    first.
                  </>
                ) : (
                  'The user will see only this client\u2019s projects and audits.'
                )
              }
            >
              {(controlProps) => (
                <Select
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  disabled={!clients.isSuccess || noClients}
                >
                  <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue
                      placeholder={clients.isPending ? 'Loading clients...' : 'Select a client'}
                    />
                  </SelectTrigger>
                  <SelectContent>
                    {clients.data?.map((client) => (
                      <SelectItem key={client.id} value={client.id}>
                        {client.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
          )}
        />
      ) : null}
    </>
  )
}
