import { z } from 'zod'
import { idParams } from '../schemas/common'
import {
  markReadInput,
  notificationPageDto,
  notificationsQuery,
  notificationPreferencesDto,
  reminderPolicyDto,
  reminderPolicyInput,
  remindReplyDto,
  unsubscribeInput,
  updateNotificationPreferencesInput,
} from '../schemas/reminders'
import { defineRoute } from './route'

/** Automated chasing (issue 15): the company's reminder policy and reminding by hand. */
export const remindersApi = {
  getPolicy: defineRoute({
    method: 'GET',
    path: '/api/reminder-policy',
    tag: 'Reminders',
    summary: 'The company’s reminder policy',
    description:
      'When reminders of requests awaiting the client go out (days before, on and after the due date, at `sendHour` in the company’s `timeZone`), and after how many days overdue the audit’s lead is told.',
    access: 'engagements.manage',
    status: 200,
    reply: reminderPolicyDto,
  }),
  putPolicy: defineRoute({
    method: 'PUT',
    path: '/api/reminder-policy',
    tag: 'Reminders',
    summary: 'Change the reminder policy',
    description:
      'The whole policy. Days are listed once each whatever the order given; the time zone is changed with PATCH /api/organization.',
    access: 'company.manage',
    body: reminderPolicyInput,
    status: 200,
    reply: reminderPolicyDto,
  }),
  remindRequest: defineRoute({
    method: 'POST',
    path: '/api/requests/:id/remind',
    tag: 'Reminders',
    summary: 'Remind the assignee now',
    description:
      'Mails the assignee the list of their open requests in this audit. At most once an hour per person: 429, with `Retry-After` and the time in the message, when they were reminded less than an hour ago.',
    access: 'engagements.manage',
    params: idParams,
    status: 200,
    reply: remindReplyDto,
  }),
  remindAudit: defineRoute({
    method: 'POST',
    path: '/api/audits/:id/remind',
    tag: 'Reminders',
    summary: 'Remind everyone with open requests in the audit',
    description:
      'Mails each assignee the list of their open requests in this audit. Anyone reminded less than an hour ago is listed in `notYet`; 429 when that is everyone.',
    access: 'engagements.manage',
    params: idParams,
    status: 200,
    reply: remindReplyDto,
  }),
  unsubscribePage: defineRoute({
    method: 'GET',
    path: '/api/unsubscribe',
    tag: 'Reminders',
    summary: 'The unsubscribe link, opened in a browser',
    description:
      'Changes nothing (mail scanners open links): 303 to the page `/unsubscribe?token=…`, where one click confirms.',
    access: 'public',
    query: unsubscribeInput,
    status: 303,
    reply: { file: 'text/html', description: 'Nothing: the confirmation page is at `Location`' },
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/unsubscribe',
    tag: 'Reminders',
    summary: 'Unsubscribe from reminders or digests (one click)',
    description:
      'The address of a reminder’s or digest’s `List-Unsubscribe` header, which mail providers post to (RFC 8058); no sign-in. The token says who and from what.',
    access: 'public',
    query: unsubscribeInput,
    tokenInAddress: true,
    status: 200,
    reply: z.object({ message: z.string() }),
  }),
}

/** The bell: what concerns the signed-in user, newest first. */
export const notificationsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: 'My notifications',
    description:
      'Newest first, `limit` at a time; `nextCursor` reads the next page. `unreadCount` counts all unread ones.',
    access: 'signed-in',
    query: notificationsQuery,
    status: 200,
    reply: notificationPageDto,
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    tag: 'Notifications',
    summary: 'Mark notifications read',
    description: 'These `ids` (others’ are ignored), or every one of mine when `ids` is left out.',
    access: 'signed-in',
    body: markReadInput,
    status: 200,
    reply: z.object({ unreadCount: z.number().int() }),
  }),
}

/** Live updates: hints that something the user sees has changed. */
export const eventsApi = {
  stream: defineRoute({
    method: 'GET',
    path: '/api/events',
    tag: 'Notifications',
    summary: 'Live updates (Server-Sent Events)',
    description:
      'A stream of `change` events, each `{ topics: string[] }` naming what changed (`request:<id>`, `audit:<id>`, `my-requests`, `notifications`), only ever what the user may see. No data beyond ids: the client reloads what it shows. Comments (`: ping`) every 25 s keep proxies from closing it. An instance holds at most 10 streams per user and as many per company and in all as it is configured for (`EVENT_STREAMS_PER_COMPANY`, `EVENT_STREAMS_PER_INSTANCE`): past them, 429 `RATE_LIMITED` with `Retry-After`.',
    access: 'signed-in',
    status: 200,
    reply: { file: 'text/event-stream', description: 'Server-Sent Events' },
  }),
}

/** What the signed-in user is told of, in the app and by e-mail. */
export const notificationPreferencesApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/notification-preferences',
    tag: 'Notifications',
    summary: 'My notification settings',
    access: 'signed-in',
    status: 200,
    reply: notificationPreferencesDto,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/notification-preferences',
    tag: 'Notifications',
    summary: 'Change my notification settings',
    description: 'Any kinds and channels; the rest stay as they are.',
    access: 'signed-in',
    body: updateNotificationPreferencesInput,
    status: 200,
    reply: notificationPreferencesDto,
  }),
}
