import type { SearchType } from '@shared/schemas/search'
import {
  BriefcaseBusiness,
  ClipboardList,
  FolderKanban,
  MessageSquare,
  Paperclip,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { splitHighlights } from '../lib/highlights'

interface Kind {
  type: SearchType
  heading: string
  icon: LucideIcon
}

/** The kinds of results, in the order their groups are shown (the sidebar's icons where it has one). */
export const RESULT_KINDS: readonly Kind[] = [
  { type: 'request', heading: 'Requests', icon: ClipboardList },
  { type: 'file', heading: 'Files', icon: Paperclip },
  { type: 'comment', heading: 'Comments', icon: MessageSquare },
  { type: 'audit', heading: 'Audits', icon: BriefcaseBusiness },
  { type: 'project', heading: 'Projects', icon: FolderKanban },
  { type: 'client', heading: 'Clients', icon: Users },
]

const iconOf = (type: SearchType) =>
  RESULT_KINDS.find((kind) => kind.type === type)?.icon ?? ClipboardList

/** The words found, marked in the plain snippet: cut at the offsets, never parsed as markup. */
export function HighlightedSnippet({
  text,
  highlights,
}: {
  text: string
  highlights: readonly (readonly [number, number])[]
}) {
  return splitHighlights(text, highlights).map((part, index) =>
    part.found ? (
      <mark
        key={index}
        className="rounded-sm bg-primary/15 px-px font-semibold text-foreground dark:bg-primary/25"
      >
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  )
}

/**
 * One line of the palette: the kind's icon, the title, where it belongs and the snippet. A snippet
 * that is only (part of) the title marks the words in the title instead of saying it twice.
 */
export function SearchResultRow({
  type,
  title,
  context,
  snippet,
}: {
  type: SearchType
  title: string
  context: string
  snippet?: { text: string; highlights: readonly (readonly [number, number])[] }
}) {
  const Icon = iconOf(type)
  const inTitle = snippet?.text ? title.indexOf(snippet.text) : -1
  return (
    <>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-medium">
          {snippet && inTitle >= 0 ? (
            <HighlightedSnippet
              text={title}
              highlights={snippet.highlights.map(([start, end]) => [
                start + inTitle,
                end + inTitle,
              ])}
            />
          ) : (
            title
          )}
        </span>
        {context ? <span className="truncate text-xs text-muted-foreground">{context}</span> : null}
        {snippet?.text && inTitle < 0 ? (
          <span className="line-clamp-2 text-xs break-words text-muted-foreground">
            <HighlightedSnippet text={snippet.text} highlights={snippet.highlights} />
          </span>
        ) : null}
      </span>
    </>
  )
}
