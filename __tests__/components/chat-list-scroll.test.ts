import { scrollList } from '@/components/chat-message-list/measure.h5'

/** A list element of this size whose scroll the browser ignores until `scrollable` is true (as Taro's scroll view before it renders its class). */
function listElement (id: string, size: { height: number, content: number }) {
  const element = document.createElement('div')
  element.id = id
  let top = 0
  const state = { scrollable: false }
  Object.defineProperty(element, 'clientHeight', { get: () => size.height })
  Object.defineProperty(element, 'scrollHeight', { get: () => size.content })
  Object.defineProperty(element, 'scrollTop', {
    get: () => top,
    set: (value: number) => { if (state.scrollable) top = Math.max(0, Math.min(value, size.content - size.height)) },
  })
  document.body.appendChild(element)
  return { element, state }
}

/** Lets the MutationObserver callbacks run. */
const settle = () => new Promise(resolve => setTimeout(resolve, 0))

describe('scrolling the chat list (H5)', () => {
  afterEach(() => { document.body.innerHTML = '' })

  it('scrolls a list that could not scroll yet to the scroll asked for last, once its scroll view renders its class', async () => {
    const { element, state } = listElement('chat-list-c1', { height: 702, content: 2750 })
    expect(scrollList('chat-list-c1', 2566)).toBe(2048) // told where it will be
    expect(scrollList('chat-list-c1', 1900)).toBe(1900)
    expect(element.scrollTop).toBe(0)
    state.scrollable = true
    element.className = 'taro-scroll-view__scroll-y'
    await settle()
    expect(element.scrollTop).toBe(1900)
  })

  it('tells where a scrollable list went, and a list reopened under the same id is scrolled, not the one that is gone', async () => {
    const gone = listElement('chat-list-c1', { height: 702, content: 2750 })
    scrollList('chat-list-c1', 1000)
    gone.element.remove()
    const reopened = listElement('chat-list-c1', { height: 702, content: 2750 })
    scrollList('chat-list-c1', 1200)
    reopened.state.scrollable = true
    reopened.element.className = 'taro-scroll-view__scroll-y'
    await settle()
    expect(reopened.element.scrollTop).toBe(1200)
    expect(scrollList('chat-list-c1', 5000)).toBe(2048)
  })
})
