import { BellOff } from 'lucide-react'
import { Badge } from '@/components/ui/badge'

/** No automatic reminder goes out (for the request, or for every request of the audit). */
export function RemindersPausedBadge() {
  return (
    <Badge variant="warning">
      <BellOff aria-hidden="true" />
      Reminders paused
    </Badge>
  )
}
