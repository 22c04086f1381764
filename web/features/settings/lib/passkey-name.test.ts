import { expect, test } from 'vitest'
import { defaultPasskeyName } from './passkey-name'

test('the platform as people say it, userAgentData first', () => {
  expect(defaultPasskeyName({ userAgentData: { platform: 'macOS' }, platform: 'MacIntel' })).toBe(
    'Passkey on macOS',
  )
  expect(defaultPasskeyName({ platform: 'MacIntel' })).toBe('Passkey on macOS')
  expect(defaultPasskeyName({ platform: 'Win32' })).toBe('Passkey on Windows')
  expect(defaultPasskeyName({ platform: 'Linux x86_64' })).toBe('Passkey on Linux')
  expect(
    defaultPasskeyName({ platform: 'Linux armv8l', userAgentData: { platform: 'Android' } }),
  ).toBe('Passkey on Android')
  expect(defaultPasskeyName({ platform: 'iPhone' })).toBe('Passkey on iOS')
  expect(defaultPasskeyName({ userAgentData: { platform: 'Chrome OS' } })).toBe(
    'Passkey on ChromeOS',
  )
  expect(defaultPasskeyName({ platform: 'FreeBSD amd64' })).toBe('Passkey on FreeBSD amd64')
})

test('"Passkey" when the browser does not say', () => {
  expect(defaultPasskeyName(undefined)).toBe('Passkey')
  expect(defaultPasskeyName({ platform: '' })).toBe('Passkey')
  expect(defaultPasskeyName({ userAgentData: { platform: '' }, platform: ' ' })).toBe('Passkey')
})

test('never longer than a name may be', () => {
  expect(defaultPasskeyName({ platform: 'x'.repeat(200) })).toHaveLength(100)
})
