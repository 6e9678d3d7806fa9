/**
 * The root store through React context: the app provides it once (`StoresProvider`),
 * pages and components read it with `useStores()`; a page creates the stores only it
 * uses with `usePageStore()`.
 */
import { createContext, useContext, useState } from 'react'
import type { RootStore } from './root-store'

/** The context that carries the root store; null outside a provider. */
export const StoresContext = createContext<RootStore | null>(null)

/** Provides the root store to everything below it: `<StoresProvider value={root}>`. */
export const StoresProvider = StoresContext.Provider

/** The app's stores. Throws when no StoresProvider is above the calling component (a wiring mistake). */
export function useStores (): RootStore {
  const stores = useContext(StoresContext)
  if (!stores) throw new Error('useStores: no StoresProvider above this component')
  return stores
}

/**
 * A store owned by the calling page: `create` builds it on the root (its API, clock,
 * logger and shared stores) at the page's first render, and the page keeps that one
 * store for its life; another instance of the page gets its own.
 */
export function usePageStore<T> (create: (root: RootStore) => T): T {
  const root = useStores()
  const [store] = useState(() => create(root))
  return store
}
