/**
 * Field schemas the wire shapes are built from (core/wire/entities.ts, api.ts and the
 * topic files beside them): ids, image URLs, text fields with their limits, enum codes
 * and nullable fields. Each carries its request-side checks once, so a route that
 * validates with a shape checks what the shape says.
 */
import { Type, type SchemaOptions, type TNull, type TSchema, type TString, type TUnion, type TUnsafe } from '@sinclair/typebox'

/** The codes of a numeric enum (./codes.ts), as `code Name` pairs in code order: what a field's description lists. */
export function codesOf (table: Record<string, string | number>): string {
  return Object.entries(table).filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .sort(([, a], [, b]) => a - b).map(([name, code]) => `${code} ${name}`).join(', ')
}

/**
 * An integer field whose TypeScript type is the enum `table` declares. On the wire it is a
 * plain integer (the serialiser writes it as one; a value outside the enum is never rejected
 * on the way out), while code on both sides sees the enum. Its description names `source`
 * (where the codes are specified) and lists the codes from the enum itself, so the two never drift.
 */
export function enumCode<T extends Record<string, string | number>> (table: T, source: string): TUnsafe<Extract<T[keyof T], number>> {
  return Type.Unsafe<Extract<T[keyof T], number>>(Type.Integer({ description: `${source}: ${codesOf(table)}` }))
}

/** A string field holding one of `values`: `{type: 'string', enum}` on the wire, the union of the values in TypeScript. */
export function StringEnum<const V extends readonly string[]> (values: V, options: SchemaOptions = {}): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ ...options, type: 'string', enum: [...values] })
}

/**
 * A field that holds `schema` or null: `anyOf` the two, a union TypeBox's own checker
 * (Value.Check, TypeCompiler) understands as well as ajv. The serialiser pays about a
 * microsecond per 50-item page for it against a `type: [t, 'null']` list (measured).
 */
export function Nullable<T extends TSchema> (schema: T): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()])
}

/** An id in a path, query or body (server, channel, user ids): 1..64 of `A-Z a-z 0-9 _ -`. */
export const IdString = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })

/** An http(s) URL given for an audited image field (avatar, icon, cover): no spaces or control characters. */
export const ImageUrlString = Type.String({ minLength: 1, maxLength: 1024, pattern: '^[^\\u0000-\\u0020\\u007f]+$' })

/** One line of text (titles, nicknames): no control characters, not blank. */
export function LineText (maxLength: number, options: SchemaOptions = {}): TString {
  return Type.String({ ...options, minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$' })
}

/** Free text (signatures): line breaks and tabs allowed, other control characters (NUL included) not. */
export function MultilineText (maxLength: number, options: SchemaOptions = {}): TString {
  return Type.String({ ...options, maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$' })
}

/** One picture (a post's image, a message's attachment): where it is served and its natural size in pixels (0 when unknown). */
export const PictureSchema = Type.Object({
  url: ImageUrlString,
  width: Type.Integer({ minimum: 0, maximum: 100_000 }),
  height: Type.Integer({ minimum: 0, maximum: 100_000 }),
})

/**
 * A page of a cursor-paged list (ARCHITECTURE.md: lists that grow without bound page by
 * cursor, never by OFFSET and COUNT): `has_more` says whether more items lie beyond it.
 */
export function CursorPageSchema<T extends TSchema> (item: T) {
  return Type.Object({ items: Type.Array(item), has_more: Type.Boolean() })
}
/** A page of a cursor-paged list. */
export interface CursorPage<T> {
  items: T[]
  has_more: boolean
}

/** A short list answered whole (no paging): its items under `list`. */
export function ListOf<T extends TSchema> (item: T) {
  return Type.Object({ list: Type.Array(item) })
}
