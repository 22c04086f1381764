import { z } from 'zod'

/** Days before or after a due date at which a reminder goes out. */
export const REMINDER_LIMITS = { maxDays: 365, maxOffsets: 10 } as const

const dayList = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label}: whole numbers of days` })
        .int(`${label}: whole numbers of days`)
        .min(1, `${label}: from 1 to ${REMINDER_LIMITS.maxDays} days`)
        .max(REMINDER_LIMITS.maxDays, `${label}: from 1 to ${REMINDER_LIMITS.maxDays} days`),
      { error: `${label} must be a list of days` },
    )
    .max(REMINDER_LIMITS.maxOffsets, `${label}: at most ${REMINDER_LIMITS.maxOffsets} reminders`)
    // Each day once, nearest the due date last: the order reminders go out in.
    .transform((days) => [...new Set(days)].sort((a, b) => b - a))

/** PUT /api/reminder-policy: the whole policy. */
export const reminderPolicyInput = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  daysBefore: dayList('Days before the due date'),
  onDueDate: z.boolean({ error: 'onDueDate must be true or false' }),
  daysAfter: dayList('Days after the due date').transform((days) => days.reverse()),
  sendHour: z
    .number({ error: 'Send hour must be a whole hour from 0 to 23' })
    .int('Send hour must be a whole hour from 0 to 23')
    .min(0, 'Send hour must be a whole hour from 0 to 23')
    .max(23, 'Send hour must be a whole hour from 0 to 23'),
  escalateAfterDays: z
    .number({ error: 'Escalation must be a number of days, or null for never' })
    .int('Escalation must be a whole number of days')
    .min(1, `Escalation: from 1 to ${REMINDER_LIMITS.maxDays} days`)
    .max(REMINDER_LIMITS.maxDays, `Escalation: from 1 to ${REMINDER_LIMITS.maxDays} days`)
    .nullable(),
})
export type ReminderPolicyInput = z.input<typeof reminderPolicyInput>

export const reminderPolicyDto = z
  .object({
    enabled: z.boolean(),
    /** Farthest first: [3, 1]. */
    daysBefore: z.array(z.number().int()),
    onDueDate: z.boolean(),
    /** Nearest first: [1, 3, 7]. */
    daysAfter: z.array(z.number().int()),
    sendHour: z.number().int(),
    escalateAfterDays: z.number().int().nullable(),
    /** The company's time zone (PATCH /api/organization changes it). */
    timeZone: z.string(),
  })
  .meta({ id: 'ReminderPolicy' })
export type ReminderPolicy = z.infer<typeof reminderPolicyDto>

/** POST /api/requests/{id}/remind and /api/audits/{id}/remind. */
export const remindReplyDto = z
  .object({
    /** Who was mailed now. */
    reminded: z.array(z.object({ id: z.string(), name: z.string() })),
    /** Who was reminded less than an hour ago, and when they can be again. */
    notYet: z.array(z.object({ id: z.string(), name: z.string(), retryAt: z.string() })),
  })
  .meta({ id: 'RemindReply' })
export type RemindReply = z.infer<typeof remindReplyDto>

/** What a user can be told of; `reminders` and `digest` are e-mails only. */
export const NOTIFICATION_KINDS = [
  'submitted',
  'returned',
  'accepted',
  'comment',
  'mention',
  'invitation_accepted',
  'escalation',
  'reminders',
  'digest',
  'file_ready',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
export const EMAIL_ONLY_KINDS: readonly NotificationKind[] = ['reminders', 'digest']

/** The kinds that can reach each side: a client user is never told of firm-only matters. */
export const NOTIFICATION_KINDS_BY_SIDE = {
  client: ['returned', 'accepted', 'comment', 'mention', 'reminders', 'digest', 'file_ready'],
  firm: [
    'submitted',
    'comment',
    'mention',
    'invitation_accepted',
    'escalation',
    'digest',
    'file_ready',
  ],
} as const satisfies Record<'client' | 'firm', readonly NotificationKind[]>

export const NOTIFICATION_KIND_LABELS = {
  submitted: 'A request is submitted for review',
  returned: 'A request is returned',
  accepted: 'A request is accepted',
  comment: 'A new comment on a request I take part in',
  mention: 'Someone mentions me',
  invitation_accepted: 'An invitation is accepted',
  escalation: 'A request on my audit is long overdue',
  reminders: 'Reminders of requests coming due or overdue',
  digest: 'Summary of open requests (weekly; daily for the firm’s review queue)',
  file_ready: 'A file I asked to be prepared is ready',
} as const satisfies Record<NotificationKind, string>

const channels = z.object({ inApp: z.boolean(), email: z.boolean() })
const channelsInput = z
  .strictObject({
    inApp: z.boolean({ error: 'inApp must be true or false' }),
    email: z.boolean({ error: 'email must be true or false' }),
  })
  .partial()

export const notificationPreferencesDto = z
  .object({
    submitted: channels,
    returned: channels,
    accepted: channels,
    comment: channels,
    mention: channels,
    invitation_accepted: channels,
    escalation: channels,
    reminders: channels,
    digest: channels,
    file_ready: channels,
  } satisfies Record<NotificationKind, typeof channels>)
  .meta({ id: 'NotificationPreferences' })
export type NotificationPreferences = z.infer<typeof notificationPreferencesDto>

/** PATCH /api/notification-preferences: any kinds, any channels; the rest stay. */
export const updateNotificationPreferencesInput = z
  .strictObject({
    submitted: channelsInput,
    returned: channelsInput,
    accepted: channelsInput,
    comment: channelsInput,
    mention: channelsInput,
    invitation_accepted: channelsInput,
    escalation: channelsInput,
    reminders: channelsInput,
    digest: channelsInput,
    file_ready: channelsInput,
  } satisfies Record<NotificationKind, typeof channelsInput>)
  .partial()
export type UpdateNotificationPreferencesInput = z.input<typeof updateNotificationPreferencesInput>

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, email: true }]),
) as NotificationPreferences

/** POST /api/unsubscribe: the token from a reminder's or digest's List-Unsubscribe link. */
export const unsubscribeInput = z.strictObject({
  token: z.string({ error: 'The unsubscribe link is incomplete' }).min(1).max(500),
})

/** One thing that concerns the user (the bell's panel). */
export const notificationDto = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** One line: what happened ("Clara Client submitted #3 Bank statements"). */
    title: z.string(),
    /** More, when there is: the return's reason, the comment's first lines. */
    body: z.string().nullable(),
    /** Where it happened, as a path of the app ("/requests/…"). */
    url: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' })
export type Notification = z.infer<typeof notificationDto>

export const NOTIFICATION_PAGE = { default: 30, max: 100 } as const

export const notificationsQuery = z.strictObject({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NOTIFICATION_PAGE.max}` })
    .int({ error: `limit must be a whole number from 1 to ${NOTIFICATION_PAGE.max}` })
    .min(1, { error: `limit must be a whole number from 1 to ${NOTIFICATION_PAGE.max}` })
    .max(NOTIFICATION_PAGE.max, {
      error: `limit must be a whole number from 1 to ${NOTIFICATION_PAGE.max}`,
    })
    .default(NOTIFICATION_PAGE.default),
  cursor: z
    .string({ error: 'cursor must be text' })
    .min(1, { error: 'cursor must not be empty' })
    .max(200, { error: 'cursor is not valid for this list' })
    .optional(),
})

export const notificationPageDto = z
  .object({
    items: z.array(notificationDto),
    /** Unread notifications in all, not only on this page. */
    unreadCount: z.number().int(),
    /** The next page's `cursor`, or null at the end. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'NotificationPage' })
export type NotificationPage = z.infer<typeof notificationPageDto>

/** POST /api/notifications/read: these, or all of the user's when `ids` is left out. */
export const markReadInput = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'ids must be notification ids' }), {
      error: 'ids must be a list of notification ids',
    })
    .max(NOTIFICATION_PAGE.max, `At most ${NOTIFICATION_PAGE.max} ids at once`)
    .optional(),
})
