import { useSyncExternalStore } from 'react'
import { THEME_STORAGE_KEY } from '@shared/constants'

export type Theme = 'light' | 'dark'
/** What the user chose: a theme, or whatever the operating system prefers. */
export type ThemePreference = Theme | 'system'

const listeners = new Set<() => void>()
const darkQuery = '(prefers-color-scheme: dark)'

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

function toPreference(value: string | null): ThemePreference {
  return value === 'dark' || value === 'system' ? value : 'light'
}

function readPreference(): ThemePreference {
  try {
    return toPreference(window.localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return readTheme()
  }
}

function resolve(preference: ThemePreference): Theme {
  if (preference !== 'system') return preference
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light'
}

function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  listeners.forEach((listener) => listener())
}

export function setThemePreference(preference: ThemePreference) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference)
  } catch {
    // Storage unavailable: the theme still applies for this page view.
  }
  applyTheme(resolve(preference))
}

export function setTheme(theme: Theme) {
  setThemePreference(theme)
}

export function toggleTheme() {
  setTheme(readTheme() === 'dark' ? 'light' : 'dark')
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Keep several open tabs in step.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) applyTheme(resolve(toPreference(event.newValue)))
  }
  // "System" follows the operating system while the page is open.
  const media = window.matchMedia(darkQuery)
  const onSystemChange = () => {
    if (readPreference() === 'system') applyTheme(resolve('system'))
  }
  window.addEventListener('storage', onStorage)
  media.addEventListener('change', onSystemChange)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
    media.removeEventListener('change', onSystemChange)
  }
}

/** The current theme; the class on <html> (set before paint by index.html's inline script) is the source of truth. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'light' as Theme)
  return { theme, setTheme, toggleTheme }
}

/** The stored choice (light, dark or system), for the Settings page. */
export function useThemePreference() {
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'light' as const)
  return { preference, setPreference: setThemePreference }
}
