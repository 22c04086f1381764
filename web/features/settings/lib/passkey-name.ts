import { PASSKEY_NAME_MAX_LENGTH } from '@shared/schemas/passkeys'

/** What a browser tells of its platform: `userAgentData` (Chromium) or the older `platform`. */
export interface PlatformHints {
  userAgentData?: { platform?: string }
  platform?: string
}

// navigator.platform's values ("MacIntel", "Win32", "Linux x86_64"…) as people say them.
const PLATFORMS: [RegExp, string][] = [
  [/^(?:iPhone|iPad|iPod)/, 'iOS'],
  [/^Mac/, 'macOS'],
  [/^Win/, 'Windows'],
  [/Android/i, 'Android'],
  [/CrOS|Chrome OS/i, 'ChromeOS'],
  [/Linux/i, 'Linux'],
]

/** The name a new passkey starts with: "Passkey on macOS", or "Passkey" when the platform is unknown. */
export function defaultPasskeyName(hints: PlatformHints | undefined): string {
  const raw = (hints?.userAgentData?.platform || hints?.platform || '').trim()
  if (!raw) return 'Passkey'
  const platform = PLATFORMS.find(([pattern]) => pattern.test(raw))?.[1] ?? raw
  return `Passkey on ${platform}`.slice(0, PASSKEY_NAME_MAX_LENGTH)
}
