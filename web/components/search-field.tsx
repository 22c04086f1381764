import { Search } from 'lucide-react'
import { useId } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

interface SearchFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  className?: string
}

export function SearchField({ label, value, onChange, placeholder, className }: SearchFieldProps) {
  const id = useId()
  return (
    <div className={cn('relative w-full sm:max-w-sm', className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder ?? `${label}...`}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  )
}
