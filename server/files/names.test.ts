import { describe, expect, it } from 'vitest'
import { FILE_NAME_MAX } from '@shared/schemas/requests'
import { attachment, safeFileName } from './names'

describe('safeFileName', () => {
  it('drops bidi overrides, isolates and marks: what is shown is what the name is', () => {
    expect(safeFileName('invoice\u202Efdp.hta')).toBe('invoicefdp.hta')
    expect(safeFileName('a\u202Ab\u202Bc\u202Cd\u202De.pdf')).toBe('abcde.pdf')
    expect(safeFileName('\u2066report\u2069\u2067x\u2068.pdf')).toBe('reportx.pdf')
    expect(safeFileName('left\u200Eright\u200F\u061C.pdf')).toBe('leftright.pdf')
  })

  it('drops zero-width characters, the BOM, the soft hyphen and every other control character', () => {
    expect(safeFileName('zero\u200Bwidth\u200C\u200Djoin\u2060.pdf')).toBe('zerowidthjoin.pdf')
    expect(safeFileName('\uFEFFbom.pdf')).toBe('bom.pdf')
    expect(safeFileName('soft\u00ADhyphen.pdf')).toBe('softhyphen.pdf')
    expect(safeFileName('bell\u0007\u0000\u007F\u0085\u009B.pdf')).toBe('bell.pdf')
    expect(safeFileName('lone\uD800surrogate.pdf')).toBe('lonesurrogate.pdf')
  })

  it('turns line and paragraph separators, tabs and other whitespace into single spaces', () => {
    expect(safeFileName('two\u2028lines\u2029and\ttabs\r\n.pdf')).toBe('two lines and tabs .pdf')
    expect(safeFileName('wide\u3000space\u00A0nbsp  double.pdf')).toBe('wide space nbsp double.pdf')
    expect(safeFileName(' \u200B padded \u200B .pdf')).toBe('padded .pdf')
  })

  it('NFC: a decomposed accent becomes one character', () => {
    expect(safeFileName('Releve\u0301.pdf')).toBe('Relev\u00E9.pdf')
  })

  it('keeps the old rules: no folders, reserved characters replaced, no leading dots, a fallback', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd')
    expect(safeFileName('C:\\Users\\x\\a<b>c:d"e|f?g*.pdf')).toBe('a_b_c_d_e_f_g_.pdf')
    expect(safeFileName('...hidden.pdf')).toBe('hidden.pdf')
    expect(safeFileName('\u202E\u200B')).toBe('file')
    expect(safeFileName(undefined, 'fallback')).toBe('fallback')
  })

  it('drops trailing dots and spaces, which Windows would drop to reveal the extension before', () => {
    expect(safeFileName('evil.hta.')).toBe('evil.hta')
    expect(safeFileName('evil.hta . .')).toBe('evil.hta')
  })

  it('caps the length, keeping the extension, without cutting a character in two', () => {
    const long = `${'a'.repeat(300)}.pdf`
    expect(safeFileName(long)).toBe(`${'a'.repeat(FILE_NAME_MAX - 4)}.pdf`)
    const emoji = safeFileName(`${'😀'.repeat(300)}.pdf`)
    expect(Array.from(emoji)).toHaveLength(FILE_NAME_MAX)
    expect(emoji.endsWith('😀.pdf')).toBe(true)
    expect(() => encodeURIComponent(emoji)).not.toThrow()
  })
})

describe('attachment', () => {
  it('an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachment('Relevé “2024”.pdf')).toBe(
      `attachment; filename="Relev_ _2024_.pdf"; filename*=UTF-8''Relev%C3%A9%20%E2%80%9C2024%E2%80%9D.pdf`,
    )
  })
})
