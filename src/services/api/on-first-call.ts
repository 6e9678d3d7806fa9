/**
 * Calls whose module loads on the first call (so Home's and Market's first load
 * carries no page's calls). The root store hands a page's stores these in place of the
 * module's calls: each call waits for the module (on H5 a chunk fetched once, on the first
 * call; the mini-program bundles it), then makes the real call. Only for call sets whose
 * every member returns a promise (an HTTP call does), so waiting changes no signature.
 * A call the first screens make can be at hand from the start; like any object's own
 * property, a call set on the calls (a test's stand-in) is used in place of the loaded one.
 */

/** A set of calls, each answering with a promise. */
type AsyncCalls<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> }

/** `load`'s calls, loaded at the first call (again after a failed load: a chunk that did not arrive); those of `atHand` without loading. */
export function callsOnFirstUse<T extends AsyncCalls<T>> (load: () => Promise<T>, atHand: Partial<T> = {}): T {
  let loading: Promise<T> | null = null
  const loaded = (): Promise<T> => {
    loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    })
    return loading
  }
  return new Proxy({ ...atHand } as T, {
    get (target, name) {
      if (Object.prototype.hasOwnProperty.call(target, name)) return target[name as keyof T]
      // not a thenable: awaiting the calls themselves must not wait for a call named `then`
      if (typeof name !== 'string' || name === 'then') return undefined
      return async (...args: never[]) => {
        const calls = await loaded()
        return (calls[name as keyof T] as (...args: never[]) => Promise<unknown>)(...args)
      }
    },
  })
}
