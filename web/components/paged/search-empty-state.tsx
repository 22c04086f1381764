import { SearchX } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'

/** A search that matches nothing, told apart from an empty list: the title, then what was sought. */
export function NoSearchResults({ title, search }: { title: string; search: string }) {
  return (
    <EmptyState icon={SearchX} title={title}>
      No results for “{search}”. Check the spelling or search for something shorter.
    </EmptyState>
  )
}
