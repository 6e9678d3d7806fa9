/**
 * A shared store that is created on first use (every capability loads with the
 * page that uses it, never in Home's or the app's first chunk). The root store holds one
 * per such store with a `create` that imports the store's module dynamically, so on H5
 * its code is a chunk fetched when a page first asks (the mini-program bundles it: Taro
 * compiles `import()` to a `require` there). Every page gets the same instance.
 */
import { makeObservable, observable, runInAction } from 'mobx'
import { useEffect } from 'react'

/** One shared store, created the first time a page or an action asks for it. */
export class OnDemand<T> {
  /** The store once created, else null (observable: an observer renders it when it arrives). */
  current: T | null = null
  private creating: Promise<T> | null = null

  constructor (private readonly create: () => Promise<T>) {
    makeObservable(this, { current: observable.ref })
  }

  /** The store, its module loaded and the store created once; a failed load (a chunk that did not arrive) is tried again on the next ask. */
  load (): Promise<T> {
    this.creating ??= this.create().then(
      store => {
        runInAction(() => { this.current = store })
        return store
      },
      (error: unknown) => {
        this.creating = null
        throw error
      },
    )
    return this.creating
  }
}

/**
 * The store of `onDemand` for a component (an observer: it renders again once the store
 * arrives): null until its module has loaded, which the first render starts.
 */
export function useOnDemand<T> (onDemand: OnDemand<T>): T | null {
  useEffect(() => {
    onDemand.load().catch(error => console.error('[stores] a store could not be loaded:', error))
  }, [onDemand])
  return onDemand.current
}
