import TestUtils from '@tarojs/test-utils-react'
import { ChannelKind, ChannelType } from '@core/wire/entities'
import ChannelList, { CHANNEL_TYPE_ICON, channelIconOf } from '@/components/channel-list'
import { channel } from '../stores/support/fakes'

afterEach(() => { document.body.innerHTML = '' })

describe('ChannelList', () => {
  it('has an icon for every channel type of SPEC §4, and a neutral one for unknown types', () => {
    expect(Object.keys(CHANNEL_TYPE_ICON).map(Number).sort((a, b) => a - b)).toEqual([1, 2, 3, 8, 10, 11, 12, 13])
    expect(channelIconOf(99)).toBe('•')
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
})
