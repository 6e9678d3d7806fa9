/** True when the page's `debug` parameter asks for the diagnostics panel (any value but '', 0 or false). */
export function isDebugOn (params: Readonly<Record<string, string | undefined>>): boolean {
  const value = params.debug
  return value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase())
}
