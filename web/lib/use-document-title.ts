import { useEffect } from 'react'
import { APP_NAME } from '@/lib/site'

/** Sets document.title to "<title> · AuditDesk" (or just the product name). */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME
  }, [title])
}
