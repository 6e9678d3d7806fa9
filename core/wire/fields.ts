/**
 * Field schemas the wire shapes are built from (core/wire/entities.ts, api.ts and the
 * topic files beside them): ids, image URLs, text fields with their limits, enum codes
 * and nullable fields. Each carries its request-side checks once, so a route that
 * validates with a shape checks what the shape says.
 */
import { Type, type SchemaOptions, type Static, type TSchema, type TString, type TUnsafe } from '@sinclair/typebox'

/**
 * An integer field whose TypeScript type is the enum `E`. On the wire it is a plain
 * integer (the serialiser writes it as one; a value outside the enum is never rejected
 * on the way out), while code on both sides sees the enum.
 */
export function enumCode<E extends number> (description?: string): TUnsafe<E> {
  return Type.Unsafe<E>(Type.Integer(description ? { description } : {}))
}

/** A string field holding one of `values`: `{type: 'string', enum}` on the wire, the union of the values in TypeScript. */
export function StringEnum<const V extends readonly string[]> (values: V, options: SchemaOptions = {}): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ ...options, type: 'string', enum: [...values] })
}

const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean'])

/**
 * A field that holds `schema` or null. A primitive field becomes `type: [t, 'null']`
 * (what the serialiser writes fastest and OpenAPI shows as nullable); objects become
 * `anyOf` the object and null.
 */
export function Nullable<T extends TSchema> (schema: T): TUnsafe<Static<T> | null> {
  const type: unknown = schema.type
  if (typeof type === 'string' && PRIMITIVE_TYPES.has(type)) return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] })
  return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]))
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
