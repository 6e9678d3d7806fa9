/** Fills the `:name` parameters of an API path (core/wire/api.ts API_PATHS). */

/**
 * `/servers/:server_id` + {server_id: '1 2'} → `/servers/1%202`. Every value is
 * URI-encoded, so an id can never reach into another path. A missing or empty value
 * is a TypeError (a caller bug, not a request to send).
 */
export function fillPath (template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined
    if (typeof value !== 'string' || value === '') throw new TypeError(`fillPath: ${template} needs a non-empty ${name}`)
    return encodeURIComponent(value)
  })
}
