import { manualClock, manualScheduler } from '../support/fakes'
import { fakePermissions } from '../support/chat-fakes'
import { ChatAccess } from '@/stores/chat/access'
import { NOW_MS } from '../support/open-chat'

describe('ChatAccess', () => {
  function access (names: Parameters<typeof fakePermissions>[0], isMember: boolean | null = true) {
    const clock = manualClock(NOW_MS)
    const scheduler = manualScheduler()
    const permissions = fakePermissions(names, clock.now)
    const state = { isMember }
    const chatAccess = new ChatAccess('c1', { permissions, isMember: () => state.isMember, clock: clock.now, scheduler })
    chatAccess.start()
    return { clock, scheduler, permissions, chatAccess }
  }

  it('shows the composer to a member who may speak, with moderation only for ManageMessages', () => {
    expect([access(['SendMessages', 'AttachFiles']).chatAccess.composer, access(['SendMessages']).chatAccess.canModerate]).toEqual([{ kind: 'compose' }, false])
    const moderator = access(['SendMessages', 'ManageMessages']).chatAccess
    expect([moderator.canModerate, moderator.canAttach]).toEqual([true, false])
    expect([access(['SendMessages', 'MentionEveryone']).chatAccess.canMentionEveryone, moderator.canMentionEveryone]).toEqual([true, false])
  })

  it('says why a member without SendMessages in the channel has no composer; not before the answer is there', () => {
    expect(access([]).chatAccess.composer).toEqual({ kind: 'no-send' })
    expect(access(null).chatAccess.composer).toEqual({ kind: 'compose' })
  })

  it('replaces the composer with the timeout notice until the time passes, then asks the permissions again', () => {
    const { clock, scheduler, permissions, chatAccess } = access(['SendMessages'])
    const until = NOW_MS / 1000 + 600
    permissions.set({ names: [], timeout_until: until })
    expect(chatAccess.composer).toEqual({ kind: 'timed-out', until })
    expect(scheduler.pending()).toEqual([{ delayMs: 600_000 }])
    clock.set(until * 1000 + 1)
    scheduler.fireNext()
    expect(chatAccess.composer).toEqual({ kind: 'no-send' }) // the stale answer until the new one lands
    expect(permissions.reload).toHaveBeenCalledTimes(1)
    permissions.set({ names: ['SendMessages'] })
    expect(chatAccess.composer).toEqual({ kind: 'compose' })
  })

  it('waits for a timeout longer than a platform timer holds in steps', () => {
    const { clock, scheduler, permissions, chatAccess } = access(['SendMessages'])
    const until = NOW_MS / 1000 + 28 * 86_400
    permissions.set({ names: [], timeout_until: until })
    expect(scheduler.pending()).toEqual([{ delayMs: 2_147_483_647 }])
    clock.set(NOW_MS + 2_147_483_647)
    scheduler.fireNext()
    expect(chatAccess.composer.kind).toBe('timed-out')
    expect(permissions.reload).not.toHaveBeenCalled()
    expect(scheduler.pending()).toHaveLength(1)
  })

  it('asks the permissions again once I joined when the answer held a visitor\'s bits', () => {
    const { permissions } = access(null)
    permissions.set({ is_member: false, names: ['ViewChannel'] })
    expect(permissions.reload).toHaveBeenCalledTimes(1)
    expect(access([]).permissions.reload).not.toHaveBeenCalled()
  })

  it('stops following when disposed', () => {
    const { scheduler, permissions, chatAccess } = access(['SendMessages'])
    permissions.set({ names: [], timeout_until: NOW_MS / 1000 + 60 })
    chatAccess.dispose()
    expect(scheduler.pending()).toEqual([])
  })
})
