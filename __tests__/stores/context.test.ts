import { act, createElement, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { StoresProvider, useStores } from '@/stores/context'
import { createRootStore } from '@/stores/root-store'
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
