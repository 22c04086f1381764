import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { tstz } from './columns'

/** Failed-login counters shared by every instance (per account and per IP). */
export const loginThrottle = pgTable('login_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowEndsAt: tstz().notNull(),
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
})

/** Solved human-check challenges, so that one solution is accepted once. */
export const usedCaptchas = pgTable('used_captchas', {
  id: text().primaryKey(),
  expiresAt: tstz().notNull(),
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
})

/** Values generated once and shared by every instance (e.g. the human-check HMAC key). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
})
