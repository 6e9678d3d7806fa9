import { AuditStatus, ChannelKind, ChannelType } from '@core/wire/codes'
import type { Channel } from '@core/wire/entities'
import {
  CREATABLE_CHANNEL_TYPES, canCreateChannelType, findChannel, firstShowroomOf, flattenGroups, groupChannels,
} from '@core/domain/channel'

function channel (channelId: string, overrides: Partial<Channel> = {}): Channel {
  return {
    channel_id: channelId, server_id: '723658', channel_type: ChannelType.Discussion, kind: ChannelKind.Channel, name: channelId,
    parent_id: null, sort: 0, map_category: null, link_url: null, icon: '', audit_status: AuditStatus.Pass, ...overrides,
  }
}

describe('canCreateChannelType (SPEC §4, §6)', () => {
  it.each([ChannelType.Discussion, ChannelType.Post, ChannelType.Metaverse])('lets users create type %d', type => {
    expect(canCreateChannelType(type)).toBe(true)
  })

  it.each([ChannelType.Voice, ChannelType.GamePlaza, ChannelType.ExternalLink, ChannelType.Live, ChannelType.LiveBanner, 0, 99])('does not let users create type %d', type => {
    expect(canCreateChannelType(type)).toBe(false)
  })

  it('lists exactly types 1, 3 and 8 as creatable', () => {
    expect([...CREATABLE_CHANNEL_TYPES]).toEqual([1, 3, 8])
  })
})

describe('groupChannels', () => {
  const group2 = channel('g2', { kind: ChannelKind.Group, sort: 2 })
  const group1 = channel('g1', { kind: ChannelKind.Group, sort: 1 })
  const inG1b = channel('c3', { parent_id: 'g1', sort: 5 })
  const inG1a = channel('c2', { parent_id: 'g1', sort: 1 })
  const topB = channel('b', { sort: 0 })
  const topA = channel('a', { sort: 0 })
  const orphan = channel('o', { parent_id: 'missing', sort: 9 })

  it('puts top-level channels first, then each group in sort order with its channels in sort order', () => {
    expect(groupChannels([group2, inG1b, topB, group1, inG1a, topA])).toEqual([
      { group: null, channels: [topA, topB] },
      { group: group1, channels: [inG1a, inG1b] },
      { group: group2, channels: [] },
    ])
  })

  it('shows a channel whose group is unknown at top level', () => {
    expect(groupChannels([group1, orphan])).toEqual([{ group: null, channels: [orphan] }, { group: group1, channels: [] }])
  })

  it('has no top-level entry when every channel sits in a group', () => {
    expect(groupChannels([group1, inG1a])).toEqual([{ group: group1, channels: [inG1a] }])
  })

  it('gives nothing for no channels', () => {
    expect(groupChannels([])).toEqual([])
  })
})

describe('flattenGroups and findChannel', () => {
  const group1 = channel('g1', { kind: ChannelKind.Group })
  const inG1 = channel('c1', { parent_id: 'g1' })
  const top = channel('t')
  const groups = [{ group: null, channels: [top] }, { group: group1, channels: [inG1] }]

  it('lists every channel with its group headers in display order', () => {
    expect(flattenGroups(groups)).toEqual([top, group1, inG1])
  })

  it('finds a channel inside a group', () => {
    expect(findChannel(groups, 'c1')).toBe(inG1)
  })

  it('finds a group header', () => {
    expect(findChannel(groups, 'g1')).toBe(group1)
  })

  it('finds nothing for an unknown id', () => {
    expect(findChannel(groups, 'nope')).toBeNull()
  })
})

describe('firstShowroomOf', () => {
  it('picks the first metaverse channel in display order', () => {
    const world = channel('g9', { kind: ChannelKind.Group, sort: 9 })
    const second = channel('m2', { channel_type: ChannelType.Metaverse, parent_id: 'g9', sort: 11 })
    const first = channel('m1', { channel_type: ChannelType.Metaverse, parent_id: 'g9', sort: 10 })
    const groups = groupChannels([channel('c1'), world, second, first])
    expect(firstShowroomOf(groups)?.channel_id).toBe('m1')
  })

  it('finds none in a server without a metaverse channel', () => {
    expect(firstShowroomOf(groupChannels([channel('c1'), channel('c2', { channel_type: ChannelType.Post })]))).toBeNull()
  })
})
