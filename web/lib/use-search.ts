import { useState } from 'react'
import { searchText } from './queries/paged'
import { useDebouncedValue } from './use-debounced-value'

/** A search box's text, and what to ask the server (`q`) once the typing pauses. */
export function useSearch() {
  const [search, setSearch] = useState('')
  const q = searchText(useDebouncedValue(search))
  return { search, setSearch, q }
}
