/** Colour values (SPEC §5). */

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/

/** SPEC §5: a colour is valid only as `#` followed by exactly six hexadecimal digits. */
export function isHexColour (value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR.test(value)
}
