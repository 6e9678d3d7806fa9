/**
 * The root store through React context: the app provides it once (`StoresProvider`),
 * pages and components read it with `useStores()`.
 */
import { createContext, useContext } from 'react'
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
