import TestUtils from '@tarojs/test-utils-react'
import PostCard from '@/components/post-card'
import { post } from '../stores/support/posts-fakes'

afterEach(() => { document.body.innerHTML = '' })

function press (element: Element, key: string): void {
  element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
}

describe('PostCard', () => {
  it('opens the post from the keyboard: the open target of the card takes focus, and Enter or Space opens it', async () => {
    const onOpen = jest.fn()
    const shown = post('p1', { title: '星空' })
    const testUtils = new TestUtils()
    await testUtils.mount(PostCard, { props: { post: shown, onOpen, onLike: jest.fn() } })
    const card = await testUtils.queries.waitForQuerySelector('.post-card__open') as HTMLElement
    expect(card.getAttribute('tabindex')).toBe('0')
    expect(card.getAttribute('role')).toBe('button')
    testUtils.act(() => { press(card, 'Enter') })
    testUtils.act(() => { press(card, ' ') })
    expect(onOpen).toHaveBeenCalledTimes(2)
    expect(onOpen).toHaveBeenCalledWith(shown)
  })

  it('likes from the keyboard or a tap on the like without opening the post', async () => {
    const onOpen = jest.fn()
    const onLike = jest.fn()
    const testUtils = new TestUtils()
    await testUtils.mount(PostCard, { props: { post: post('p1'), onOpen, onLike } })
    const like = await testUtils.queries.waitForQuerySelector('.post-card__like') as HTMLElement
    testUtils.act(() => { press(like, 'Enter') })
    testUtils.act(() => { like.click() })
    expect(onLike).toHaveBeenCalledTimes(2)
    expect(onOpen).not.toHaveBeenCalled()
  })

  it('nests no button inside another (axe nested-interactive): the open target and the like are siblings', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(PostCard, { props: { post: post('p1'), onOpen: jest.fn(), onLike: jest.fn() } })
    await testUtils.queries.waitForQuerySelector('.post-card__like')
    const buttons = Array.from(document.querySelectorAll('.post-card [role="button"]'))
    expect(buttons.map(button => button.className.split(' ')[0])).toEqual(['post-card__open', 'post-card__like'])
    expect(buttons.filter(button => button.querySelector('[role="button"]') !== null)).toEqual([])
    expect(document.querySelector('.post-card')?.getAttribute('role')).toBeNull()
  })

  it('shows the like as a heart beside its count, even at 0 likes, so it reads as tappable', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(PostCard, { props: { post: post('p1', { like_count: 0, liked: false }), onOpen: jest.fn(), onLike: jest.fn() } })
    const like = await testUtils.queries.waitForQuerySelector('.post-card__like')
    expect(like.querySelector('.like-button__icon')?.textContent).toBe('♡')
    expect(like.textContent).toContain('0')
  })

  it('says the like\'s state and count to a screen reader: a toggle, pressed once I like it, named by its count', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(PostCard, { props: { post: post('p1', { like_count: 12, liked: true }), onOpen: jest.fn(), onLike: jest.fn() } })
    const like = await testUtils.queries.waitForQuerySelector('.post-card__like')
    expect(like.getAttribute('aria-pressed')).toBe('true')
    expect(like.querySelector('.like-button__count')?.textContent).toBe('12 赞')
    expect(like.querySelector('.like-button__icon')?.getAttribute('aria-hidden')).toBe('true')
    expect(like.querySelector('.like-button__icon')?.textContent).toBe('♥')
  })

  it('shows an author without a picture (a guest, a new account) by their initial on their colour, not a blank circle', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(PostCard, { props: { post: post('p1', { author: { ...post('p1').author, uid: 'B_new', nickname: '游客7e2f', avatar: '' } }), onOpen: jest.fn(), onLike: jest.fn() } })
    const avatar = await testUtils.queries.waitForQuerySelector('.post-card__avatar')
    expect(avatar.textContent).toBe('游')
    expect(avatar.className).toMatch(/chat-avatar--tone-\d/)
  })
})
