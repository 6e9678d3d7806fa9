import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { lazyTaroElement } from '@/components/page-elements/create'

/** An element like a Stencil core: its constructor resets the properties to their defaults. */
class FakePlayer extends HTMLElement {
  src: string | undefined
  constructor () {
    super()
    this.src = undefined
  }
}

describe('an element fetched on first render', () => {
  it('keeps the source it was given when its module arrives after the first render', async () => {
    let arrive: () => void = () => undefined
    const load = () => new Promise<{ defineCustomElement: () => void }>(resolve => {
      arrive = () => resolve({ defineCustomElement: () => customElements.define('fake-player-core', FakePlayer) })
    })
    const Player = lazyTaroElement<(props: { className: string, src: string }) => JSX.Element>('fake-player-core', load)
    const host = document.createElement('div')
    document.body.appendChild(host)
    const root = createRoot(host)
    await act(async () => { root.render(createElement(Player, { className: 'player', src: 'https://cdn.example/a.mp4' })) })
    expect(host.querySelector('.player')).not.toBeNull()
    await act(async () => { arrive(); await Promise.resolve() })
    const player = host.querySelector('fake-player-core') as FakePlayer | null
    expect(player?.src).toBe('https://cdn.example/a.mp4')
    act(() => root.unmount())
  })
})
