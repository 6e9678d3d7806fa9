/**
 * A schema's shape in one line, as the generated documents write it (docs/api-reference.md,
 * docs/real-time.md's frame table): an object's fields with optional ones marked, a list's
 * item, a union's cases.
 */
import type { TSchema } from '@sinclair/typebox'

/** The JSON Schema keys a shape is read from. */
interface SchemaShape {
  type?: string
  properties?: Record<string, SchemaShape>
  required?: string[]
  anyOf?: SchemaShape[]
  items?: SchemaShape
}

/** `{a, b?}` for an object, `[…]` for a list, `A or B` for a union, the type's name otherwise (`any` for none). */
export function shapeOf (schema: TSchema): string {
  const shape = schema as SchemaShape
  if (shape.anyOf) return shape.anyOf.map(item => shapeOf(item as TSchema)).join(' or ')
  if (shape.properties) {
    const required = new Set(shape.required ?? [])
    return `{${Object.keys(shape.properties).map(key => required.has(key) ? key : `${key}?`).join(', ')}}`
  }
  if (shape.type === 'array' && shape.items) return `[${shapeOf(shape.items as TSchema)}]`
  return shape.type ?? 'any'
}
