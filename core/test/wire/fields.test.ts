import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { Gender, LiveFlag } from '@core/wire/codes'
import { CursorPageSchema, enumCode, IdString, ImageUrlString, LineText, ListOf, MultilineText, Nullable, StringEnum } from '@core/wire/fields'

/** Whether `text` passes the string schema's pattern (what the server's validator applies). */
const passes = (schema: { pattern?: string }, text: string) => new RegExp(schema.pattern ?? '', 'u').test(text)

describe('wire field schemas', () => {
  it('writes a nullable field as either its schema or null, which TypeBox itself can check', () => {
    const nullable = Nullable(Type.Object({ id: Type.String() }))
    expect(nullable.anyOf).toEqual([expect.objectContaining({ type: 'object' }), expect.objectContaining({ type: 'null' })])
    expect(Value.Check(nullable, null)).toBe(true)
    expect(Value.Check(nullable, { id: 'a' })).toBe(true)
    expect(Value.Check(nullable, { id: 1 })).toBe(false)
  })

  it('writes an enum code as a plain integer whose description lists the codes of the enum itself', () => {
    expect(enumCode(Gender, 'SPEC §3')).toMatchObject({ type: 'integer', description: 'SPEC §3: 0 Secret, 1 Male, 2 Female' })
    expect(enumCode(LiveFlag, 'SPEC §3 is_live').description).toBe('SPEC §3 is_live: 0 Reserved, 1 OnAir, 2 Ended')
    expect(Value.Check(enumCode(Gender, 'SPEC §3'), 7)).toBe(true) // never rejected on the way out
  })

  it('pages by cursor as items and has_more, and answers short lists whole under list', () => {
    const page = CursorPageSchema(IdString)
    expect(Value.Check(page, { items: ['a'], has_more: false })).toBe(true)
    expect(Value.Check(page, { items: ['a'] })).toBe(false)
    expect(Value.Check(ListOf(IdString), { list: ['a', 'b'] })).toBe(true)
  })

  it('writes a string enum as one string type with its values', () => {
    expect(StringEnum(['welcome', 'video'])).toMatchObject({ type: 'string', enum: ['welcome', 'video'] })
  })

  it('takes ids of letters, digits, _ and - only', () => {
    expect(passes(IdString, 'ch_1-a')).toBe(true)
    expect(passes(IdString, '../x')).toBe(false)
    expect(passes(IdString, '1 2')).toBe(false)
  })

  it('refuses image URLs with spaces or control characters', () => {
    expect(passes(ImageUrlString, 'https://cdn.example.com/a.png')).toBe(true)
    expect(passes(ImageUrlString, 'https://cdn.example.com/a b.png')).toBe(false)
  })

  it('takes a line of text only when it is not blank and has no control characters', () => {
    const title = LineText(40)
    expect(title.maxLength).toBe(40)
    expect(passes(title, 'General chat')).toBe(true)
    expect(passes(title, '   ')).toBe(false)
    expect(passes(title, 'two\nlines')).toBe(false)
  })

  it('takes line breaks and tabs in free text but not NUL', () => {
    const signature = MultilineText(140)
    expect(passes(signature, 'line one\n\tline two')).toBe(true)
    expect(passes(signature, 'nul\u0000')).toBe(false)
  })
})
