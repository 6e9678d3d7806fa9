import { act, createElement, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { StoresProvider, usePageStore, useStores } from '@/stores/context'
import { createRootStore, type RootStore } from '@/stores/root-store'
import { fakeApi, memoryStorage } from './support/fakes'

// Plain createElement: the jest transformer compiles JSX with the classic runtime.
function ServerName () {
  return createElement('span', null, useStores().server.name)
}

/** Renders an element into a fresh container and gives back the text it shows. */
function renderText (element: ReactElement): string {
  const container = document.createElement('div')
  const root = createRoot(container)
  act(() => root.render(element))
  const text = container.textContent ?? ''
  act(() => root.unmount())
  return text
}

describe('useStores', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })

  it('gives the provided root store to a component', () => {
    const stores = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'k' })
    stores.server.select({ params: { sid: '275902' } })
    expect(renderText(createElement(StoresProvider, { value: stores }, createElement(ServerName)))).toBe('像素乐园')
  })

  it('throws a clear error without a provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => renderText(createElement(ServerName))).toThrow('useStores: no StoresProvider above this component')
    spy.mockRestore()
  })
})

describe('usePageStore', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })

  it('builds a page\'s store on the root once, keeps it across renders, and gives another page instance its own', () => {
    const stores = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'k' })
    const built: Array<{ root: RootStore }> = []
    const seen: Array<{ root: RootStore }> = []
    function Page () {
      seen.push(usePageStore(root => { const store = { root }; built.push(store); return store }))
      return null
    }
    const container = document.createElement('div')
    const root = createRoot(container)
    const pages = (count: number) => createElement(StoresProvider, { value: stores }, ...Array.from({ length: count }, (_, index) => createElement(Page, { key: index })))
    act(() => root.render(pages(2)))
    act(() => root.render(pages(2)))
    act(() => root.unmount())
    expect(built).toHaveLength(2)
    expect(built.every(store => store.root === stores)).toBe(true)
    expect(seen.map(store => built.indexOf(store))).toEqual([0, 1, 0, 1])
  })
})
