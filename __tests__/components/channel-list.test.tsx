import TestUtils from '@tarojs/test-utils-react'
import { ChannelKind, ChannelType } from '@core/wire/entities'
import ChannelList from '@/components/channel-list'
import { channel } from '../stores/support/fakes'

afterEach(() => { document.body.innerHTML = '' })

describe('ChannelList', () => {
  it('shows each channel\'s icon as the image the server gives it, not a glyph', async () => {
    const voice = channel('c3', { name: '语音茶室', channel_type: ChannelType.Voice, icon: 'https://cdn.example/icon-type-2.svg' })
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [voice] }], onTap: jest.fn() } })
    const icon = await testUtils.queries.waitForQuerySelector('.channel-list__icon')
    expect(icon?.getAttribute('src')).toBe('https://cdn.example/icon-type-2.svg')
  })

  it('shows on a voice channel\'s row who is in its room, a ring on whoever speaks, the rest counted', async () => {
    const voice = channel('c3', { name: '语音茶室', channel_type: ChannelType.Voice })
    const inRoom = (uid: string) => ({ server_id: '723658', channel_id: 'c3', uid, nickname: uid, avatar: '', mute: false, deaf: false, self_mute: false, self_deaf: false, joined_at: 1, rank: null })
    const members = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(inRoom)
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [voice] }], onTap: jest.fn(), voiceRooms: { c3: members }, speaking: new Set(['b']) } })
    await testUtils.queries.waitForQuerySelector('.voice-faces')
    const faces = Array.from(document.querySelectorAll('.voice-faces__face'))
    expect(faces.map(face => face.getAttribute('data-testid'))).toEqual(['voice-face-a', 'voice-face-b', 'voice-face-c', 'voice-face-d', 'voice-face-e'])
    expect(faces.map(face => face.classList.contains('voice-faces__face--speaking'))).toEqual([false, true, false, false, false])
    expect(document.querySelector('.voice-faces__more')?.textContent).toBe('+2')
    expect(document.querySelector('.voice-faces')?.getAttribute('aria-label')).toBe('7 人在语音')
  })

  it('shows the name\'s first character for a channel without an icon image', async () => {
    const lobby = channel('c1', { name: '大厅', icon: '' })
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [lobby] }], onTap: jest.fn() } })
    const icon = await testUtils.queries.waitForQuerySelector('.channel-list__icon')
    expect(icon?.textContent).toBe('大')
  })

  it('shows top-level channels without a header and reports the tapped channel', async () => {
    const onTap = jest.fn()
    const lobby = channel('c1', { name: '大厅' })
    const group = channel('g1', { kind: ChannelKind.Group, name: '分组' })
    const posts = channel('c2', { name: '帖子', channel_type: ChannelType.Post, parent_id: 'g1' })
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [lobby] }, { group, channels: [posts] }], onTap } })
    const rows = await testUtils.queries.waitForQuerySelectorAll('.channel-list__row')
    expect(Array.from(document.querySelectorAll('.channel-list__header')).map(node => node.textContent)).toEqual(['分组'])
    testUtils.act(() => { (rows[1] as HTMLElement).click() })
    expect(onTap).toHaveBeenCalledWith(posts)
  })

  it('marks the channel open beside the list (the desktop column), for the eye and for screen readers', async () => {
    const lobby = channel('c1', { name: '大厅' })
    const news = channel('c2', { name: '公告' })
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [lobby, news] }], onTap: jest.fn(), currentId: 'c2' } })
    const rows = await testUtils.queries.waitForQuerySelectorAll('.channel-list__row')
    expect(Array.from(rows as ArrayLike<Element>).map(row => [row.classList.contains('channel-list__row--current'), row.getAttribute('aria-current')])).toEqual([[false, null], [true, 'page']])
  })

  it('badges a channel with unread messages, capped at 99+, and leaves read ones plain', async () => {
    const lobby = { ...channel('c1', { name: '大厅' }), unread_count: 3 }
    const news = { ...channel('c2', { name: '公告' }), unread_count: 120 }
    const read = { ...channel('c3', { name: '闲聊' }), unread_count: 0 }
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [lobby, news, read] }], onTap: jest.fn() } })
    await testUtils.queries.waitForQuerySelector('.channel-list__unread')
    expect(Array.from(document.querySelectorAll('.channel-list__row')).map(row => row.querySelector('.channel-list__unread')?.textContent ?? null)).toEqual(['3', '99+', null])
  })

  it('opens a channel from the keyboard: the row takes focus, and Enter or Space opens it', async () => {
    const onTap = jest.fn()
    const lobby = channel('c1', { name: '大厅' })
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [lobby] }], onTap } })
    const row = await testUtils.queries.waitForQuerySelector('.channel-list__row') as HTMLElement
    expect(row.getAttribute('tabindex')).toBe('0')
    expect(row.getAttribute('role')).toBe('button')
    testUtils.act(() => { row.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })) })
    testUtils.act(() => { row.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true })) })
    testUtils.act(() => { row.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true })) })
    expect(onTap).toHaveBeenCalledTimes(2)
    expect(onTap).toHaveBeenCalledWith(lobby)
  })

  it('shows how many stand in a metaverse channel\'s space after its name, nothing for an empty one', async () => {
    const pixel = channel('c8', { name: '像素乐园', channel_type: ChannelType.Metaverse })
    const live = channel('c9', { name: '直播地图', channel_type: ChannelType.Metaverse })
    const testUtils = new TestUtils()
    await testUtils.mount(ChannelList, { props: { groups: [{ group: null, channels: [pixel, live] }], onTap: jest.fn(), spaceCounts: { c8: 23, c9: 0 } } })
    await testUtils.queries.waitForQuerySelector('.channel-list__space')
    expect(Array.from(document.querySelectorAll('.channel-list__name')).map(name => name.textContent)).toEqual(['像素乐园 · 23 人在逛', '直播地图'])
  })
})
