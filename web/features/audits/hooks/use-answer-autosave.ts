import { requestsApi } from '@shared/api/requests'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { call } from '@/lib/api'
import { requestQueries } from '@/lib/queries/requests'

/** How long typing must pause before the answer in progress is saved. */
const AUTOSAVE_DELAY_MS = 800

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed'

/**
 * Keeps a client user's answer in progress on the server as they type (GET/PUT answer-draft):
 * `restore` is called once with what was saved before; `text` is saved a moment after each
 * change, at once when the page is left, and the browser warns before closing the tab while
 * a change is not saved yet.
 */
export function useAnswerAutosave(
  requestId: string,
  text: string,
  restore: (saved: string) => void,
) {
  const queryClient = useQueryClient()
  const draft = useQuery(requestQueries.answerDraft(requestId))
  const [state, setState] = useState<AutosaveState>('idle')
  /** The text the server holds; null until the saved draft has been read. */
  const saved = useRef<string | null>(null)
  const latest = useRef(text)
  latest.current = text

  const save = useCallback(
    async (value: string) => {
      if (saved.current === null || value === saved.current) return
      setState('saving')
      // The page may be opened again before the server answers (Back): it restores this text.
      const key = requestQueries.answerDraft(requestId).queryKey
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData(key, (old) => ({ savedAt: null, ...old, response: value }))
      try {
        const reply = await call(requestsApi.saveAnswerDraft, {
          params: { id: requestId },
          body: { response: value },
        })
        saved.current = value
        queryClient.setQueryData(requestQueries.answerDraft(requestId).queryKey, reply)
        setState(value === '' ? 'idle' : 'saved')
      } catch {
        setState('failed')
      }
    },
    [queryClient, requestId],
  )

  useEffect(() => {
    if (saved.current !== null || !draft.data) return
    saved.current = draft.data.response
    if (draft.data.response) {
      restore(draft.data.response)
      setState('saved')
    }
    // What was typed before the saved draft was read is saved now, not at the next keystroke.
    if (latest.current && latest.current !== saved.current) void save(latest.current)
  }, [draft.data, restore, save])

  useEffect(() => {
    if (saved.current === null || text === saved.current) return
    const timer = setTimeout(() => void save(text), AUTOSAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, save])

  // Leaving the page (another screen of the app): what was typed last is saved on the way out.
  useEffect(() => () => void save(latest.current), [save])

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saved.current !== null && latest.current !== saved.current) event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])

  /** After a submission: the server has dropped the draft; nothing is left to save. */
  const submitted = useCallback(() => {
    saved.current = ''
    setState('idle')
  }, [])

  return { state, submitted }
}
