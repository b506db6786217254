// Issue 19, item 9(e): a free text loses its bidi controls and zero-width characters when decoded, and nothing
// else; a text with control characters is refused. Properties over generated texts (fast-check).
import { Result, Schema } from 'effect'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Testo, TestoMultiriga, Text } from '../../contract/common.ts'

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']
const MARKS = ['\u200E', '\u200F', '\u061C']
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']
const INVISIBLE = [...BIDI, ...MARKS, ...ZERO_WIDTH]
const CONTROLS = Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).concat('\u007F')

/** Visible characters a player types: Italian letters, digits, punctuation, emoji, Arabic and Hebrew. */
const visible = fc.oneof(
  fc.constantFrom(...'aàbcdeèéfghiìlmnoòpqrstuùvzAÈ0123456789 .,;:!?\'"«»-–()€@#/'.split('')),
  fc.constantFrom('🎾', '👍🏽', 'ß', 'ñ', 'ك', 'ש', '中'),
)
const visibleText = fc.array(visible, { maxLength: 40 }).map((chars) => chars.join(''))
/** A visible text with invisible characters scattered in it, and the text they were scattered in. */
const poisoned = fc
  .array(fc.tuple(visible, fc.array(fc.constantFrom(...INVISIBLE), { maxLength: 3 })), { maxLength: 40 })
  .map((pairs) => ({
    clean: pairs.map(([char]) => char).join(''),
    dirty: pairs.map(([char, hidden]) => hidden.join('') + char).join(''),
  }))

const decodeWith = (schema: Schema.Codec<string>) => (text: string) =>
  Schema.decodeUnknownResult(schema)(text)
const decodeOne = decodeWith(Testo)
const decodeLines = decodeWith(TestoMultiriga)

describe('Testo', () => {
  it('gives back exactly the visible text, whatever invisible characters are scattered in it', () => {
    fc.assert(
      fc.property(poisoned, ({ clean, dirty }) => {
        for (const decode of [decodeOne, decodeLines]) {
          const decoded = decode(dirty)
          expect(Result.isSuccess(decoded) && decoded.success).toBe(clean)
        }
      }),
    )
  })

  it('leaves a text without invisible characters as it is, and decoding twice is decoding once', () => {
    fc.assert(
      fc.property(visibleText, poisoned, (text, { dirty }) => {
        expect(Result.getOrThrow(decodeOne(text))).toBe(text)
        const once = Result.getOrThrow(decodeOne(dirty))
        expect(Result.getOrThrow(decodeOne(once))).toBe(once)
        expect(INVISIBLE.some((c) => once.includes(c))).toBe(false)
      }),
    )
  })

  it('refuses a control character anywhere (tab and line feed only in a text with lines)', () => {
    fc.assert(
      fc.property(visibleText, fc.constantFrom(...CONTROLS), visibleText, (before, control, after) => {
        const text = before + control + after
        expect(Result.isFailure(decodeOne(text))).toBe(true)
        const allowedInLines = control === '\t' || control === '\n' || control === '\r'
        expect(Result.isSuccess(decodeLines(text))).toBe(allowedInLines)
      }),
    )
  })

  it('writes every line end of a text with lines as a line feed', () => {
    fc.assert(
      fc.property(
        fc.array(visibleText, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('\r\n', '\r', '\n'),
        (lines, end) => {
          expect(Result.getOrThrow(decodeLines(lines.join(end)))).toBe(lines.join('\n'))
        },
      ),
    )
  })

  it('refuses, as empty, a required text made only of invisible characters (the decision written in common.ts)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INVISIBLE), { minLength: 1, maxLength: 10 }), (chars) => {
        expect(Result.isFailure(Schema.decodeUnknownResult(Text(50))(chars.join('')))).toBe(true)
      }),
    )
  })
})
