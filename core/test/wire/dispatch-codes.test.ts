import { dispatchChanges, DISPATCH_CHANGES, DISPATCHES_THAT_CHANGE } from '@core/wire/dispatch-codes'
import { DISPATCH_NAMES } from '@core/wire/dispatches'

describe('what each gateway dispatch changes', () => {
  it('names only dispatches the declaration holds', () => {
    expect(Object.keys(DISPATCH_CHANGES).filter(name => !(DISPATCH_NAMES as string[]).includes(name))).toEqual([])
  })

  // each group's members are pinned: a dispatch joins or leaves one only on purpose
  it.each([
    ['access', ['ROLE_CREATE', 'ROLE_UPDATE', 'ROLE_DELETE', 'CHANNEL_CREATE', 'CHANNEL_UPDATE']],
    ['member-access', ['MEMBER_ADD', 'MEMBER_UPDATE']],
    ['permissions', ['MEMBER_UPDATE', 'ROLE_CREATE', 'ROLE_UPDATE', 'ROLE_DELETE', 'CHANNEL_CREATE', 'CHANNEL_UPDATE', 'CHANNELS_VISIBLE_UPDATE']],
    ['roles', ['ROLE_CREATE', 'ROLE_UPDATE', 'ROLE_DELETE']],
    ['channels', ['CHANNEL_CREATE', 'CHANNEL_UPDATE', 'CHANNEL_DELETE']],
    ['channel-list', ['CHANNEL_CREATE', 'CHANNEL_UPDATE', 'CHANNEL_DELETE', 'CHANNELS_VISIBLE_UPDATE']],
  ] as const)('groups under %s exactly %j', (group, names) => {
    expect([...DISPATCHES_THAT_CHANGE[group]].sort()).toEqual([...names].sort())
  })

  it('tells whether a name changes a group, and no for a name nobody declared', () => {
    expect(dispatchChanges('ROLE_UPDATE', 'access')).toBe(true)
    expect(dispatchChanges('CHANNEL_DELETE', 'access')).toBe(false)
    expect(dispatchChanges('MESSAGE_CREATE', 'channel-list')).toBe(false)
    expect(dispatchChanges('NOT_DECLARED', 'roles')).toBe(false)
  })
})
