import { useState, type ReactNode } from 'react'
import type { Control, FieldValues, Path } from 'react-hook-form'
import { ComboboxField } from '@/components/combobox-field'
import { searchTimeZones, timeZoneLabel } from '../lib/time-zones'

/** How many zones the list shows at once; typing narrows the rest down. */
const SHOWN = 50

/** The company's time zone: one of the browser's IANA zones, found by typing part of its name. */
export function TimeZoneField<T extends FieldValues, TOutput = T>({
  control,
  name,
  currentZone,
  label = 'Time zone',
  description,
}: {
  control: Control<T, unknown, TOutput>
  name: Path<T>
  /** The zone saved now: named even if this browser does not list it. */
  currentZone: string
  label?: string
  description?: ReactNode
}) {
  const [search, setSearch] = useState('')
  const { zones, more } = searchTimeZones(search, SHOWN)
  return (
    <ComboboxField
      control={control}
      name={name}
      label={label}
      description={description}
      search={search}
      onSearch={setSearch}
      options={zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))}
      more={more}
      currentLabel={timeZoneLabel(currentZone)}
      placeholder="Search time zones, e.g. Berlin"
    />
  )
}
