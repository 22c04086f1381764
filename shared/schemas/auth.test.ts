import { describe, expect, it } from 'vitest'
import { loginInput, password, registerInput } from './auth'

describe('password rules', () => {
  it('counts characters, not UTF-16 units: 128 emoji are allowed, 129 are not', () => {
    expect(password.safeParse('🔐'.repeat(128)).success).toBe(true)
    expect(password.safeParse('🔐'.repeat(129)).success).toBe(false)
    expect(
      loginInput.safeParse({ email: 'a@example.com', password: '🔐'.repeat(128) }).success,
    ).toBe(true)
  })

  it('needs at least 6 characters, however many bytes they take', () => {
    expect(password.safeParse('🔐'.repeat(5)).success).toBe(false)
    expect(password.safeParse('🔐'.repeat(6)).success).toBe(true)
  })

  it('refuses unknown registration fields', () => {
    const result = registerInput.safeParse({ role: 'admin' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true)
  })
  it('refuses text PostgreSQL cannot store (NUL) with a field error instead of failing later', () => {
    const result = registerInput.safeParse({ firstName: 'A\u0000' })
    expect(result.error?.issues.find((issue) => issue.path[0] === 'firstName')?.message).toMatch(
      /NUL/,
    )
  })
})
