import { ChannelType } from '@core/wire/entities'
import { ProfileStore } from '@/stores/account/profile-store'
import { createRootStore } from '@/stores/root-store'
import { fakeConnector } from './support/fake-socket'
import { LIN, ME, chatMessage, messageId } from './support/chat-fakes'
import { conversation, fakeConversationsApi } from './support/conversations-fakes'
import {
  channel, deferred, failedRequest, fakeApi, fakeLogger, fakeMembersApi, liveItem, manualClock, manualScheduler, memoryStorage, paged, serverDetail, user,
} from './support/fakes'

const NOW_MS = 1_700_000_000_000

function setup () {
  const api = fakeApi()
  const logger = fakeLogger()
  const scheduler = manualScheduler()
  const root = createRootStore(api, { storage: memoryStorage(), loginKey: 'openrealm:dev:login', clock: manualClock(NOW_MS).now, scheduler, logger })
  return { api, logger, scheduler, root }
}

/** A root store showing server 723658 with a signed-in member whose gateway is ready. */
async function connectedToServer723658 (detail: Parameters<typeof serverDetail>[1] = {}) {
  const connect = fakeConnector()
  const api = fakeApi()
  const members = fakeMembersApi()
  const root = createRootStore(api, { storage: memoryStorage(), loginKey: 'openrealm:dev:login', scheduler: manualScheduler(), logger: fakeLogger(), gateway: { connect, url: 'ws://realm.test/gateway' }, members })
  api.getServer.mockResolvedValue(serverDetail('723658', detail))
  api.listChannels.mockResolvedValue([])
  api.listServerLives.mockResolvedValue(paged([], 1, false))
  await root.openServer({})
  root.session.hydrate({ user: user(), token: 't1' })
  root.gateway.start()
  const socket = connect.last()
  socket.open()
  socket.deliver({ op: 'ready', d: { user: user(), protocol_version: 3, session_id: 's', seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
  return { api, members, root, socket }
}

describe('createRootStore', () => {
  it('opens the server a page names and loads its detail, channels and live items', async () => {
    const { api, root } = setup()
    api.getServer.mockResolvedValue(serverDetail('832828', { name: '云端集市' }))
    api.listChannels.mockResolvedValue([{ group: null, channels: [channel('c1', { server_id: '832828' })] }])
    api.listServerLives.mockResolvedValue(paged([liveItem('l1', { server_id: '832828' })], 1, false))
    await root.openServer({ params: { sid: '832828' } })
    expect(api.getServer).toHaveBeenCalledWith('832828')
    expect(api.listChannels).toHaveBeenCalledWith('832828')
    expect(api.listServerLives).toHaveBeenCalledWith('832828', { page: 1, page_size: 20 })
    expect([root.server.status, root.channel.status, root.live.status]).toEqual(['ready', 'ready', 'ready'])
  })

  it('lets each store end in its own status when one call fails', async () => {
    const { api, root } = setup()
    api.getServer.mockResolvedValue(serverDetail('723658'))
    api.listChannels.mockRejectedValue(failedRequest())
    api.listServerLives.mockResolvedValue(paged([], 1, false))
    await root.openServer({})
    expect([root.server.status, root.channel.status, root.live.status]).toEqual(['ready', 'error', 'empty'])
  })

  it('falls back to the first server for an unknown id with a logged warning', async () => {
    const { api, logger, root } = setup()
    api.getServer.mockResolvedValue(serverDetail('723658'))
    api.listChannels.mockResolvedValue([])
    api.listServerLives.mockResolvedValue(paged([], 1, false))
    await root.openServer({ params: { server_id: '404' } })
    expect(root.server.serverId).toBe('723658')
    expect(logger.warn).toHaveBeenCalled()
  })

  it('gives page-owned stores its API, clock, logger and shared stores: a profile edit lands in its session', async () => {
    const { api, logger, root } = setup()
    expect([root.api, root.clock(), root.logger]).toEqual([api, NOW_MS, logger])
    root.session.hydrate({ user: user(), token: 't' })
    api.updateProfile.mockResolvedValue(user({ signature: '你好' }))
    await new ProfileStore(root.api, root.session, root.logger).update({ signature: '你好' })
    expect(root.session.user?.signature).toBe('你好')
  })

  it('connects the gateway while someone is signed in, with their token, and disconnects on sign-out', () => {
    const connect = fakeConnector()
    const root = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'openrealm:dev:login', scheduler: manualScheduler(), logger: fakeLogger(), gateway: { connect, url: 'ws://realm.test/gateway' } })
    const stopFollowing = root.connectWhenSignedIn()
    expect(connect.sockets).toHaveLength(0)
    root.session.hydrate({ user: user(), token: 't1' })
    expect(root.gateway.connection).toBe('connecting')
    connect.last().open()
    expect(connect.last().sent).toEqual([{ op: 'identify', d: { token: 't1' } }])
    root.session.signOut()
    expect(root.gateway.connection).toBe('offline')
    expect(connect.last().closedByClient).toBe(true)
    stopFollowing()
  })

  it('signs this device out when another device ended its session: the socket closed with SessionRevoked, the token refused on reconnecting, the member told, a guest signed in, the draft kept', async () => {
    const connect = fakeConnector()
    const api = fakeApi()
    const scheduler = manualScheduler()
    const draftKey = 'openrealm-draft:100001:channel:c1'
    const storage = memoryStorage({ [draftKey]: '写到一半' })
    const root = createRootStore(api, { storage, loginKey: 'openrealm:dev:login', scheduler, logger: fakeLogger(), gateway: { connect, url: 'ws://realm.test/gateway' } })
    const stopFollowing = root.connectWhenSignedIn(() => () => undefined, async () => undefined)
    // the phone signed in (the server answered for its token in this run)
    root.session.adopt({ user: user({ uid: '100001', nickname: '林' }), token: 'phone-token' })
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: user(), protocol_version: 3, session_id: 's', seq: 0, heartbeat_interval_ms: 30_000, server_ids: [] } })
    api.guestLogin.mockResolvedValue({ token: 'guest-token', user: user({ uid: 'B_7' }) })
    // the laptop signs the phone out: its socket closes, and the token it reconnects with is refused
    connect.last().drop(4010)
    scheduler.fireNext()
    connect.last().open()
    expect(connect.last().sent[0]).toMatchObject({ d: { token: 'phone-token' } })
    connect.last().deliver({ op: 'error', d: { code: 4004, msg: 'token: unknown or expired' } })
    connect.last().drop(4004)
    expect([root.session.signedOutElsewhere, root.session.user]).toEqual([true, null])
    await root.session.ensureSignedIn()
    expect([root.session.identityKind, root.session.token, api.guestLogin.mock.calls.length, storage.get(draftKey)]).toEqual(['guest', 'guest-token', 1, '写到一半'])
    // the guest's own socket: identified with the new token
    connect.last().open()
    expect(connect.last().sent).toEqual([{ op: 'identify', d: { token: 'guest-token' } }])
    stopFollowing()
  })

  it('drops this device\'s push subscription at a sign-out, not at a launch with nobody signed in nor at a sign-in', async () => {
    const root = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'openrealm:dev:login', scheduler: manualScheduler(), logger: fakeLogger(), gateway: { connect: fakeConnector(), url: 'ws://realm.test/gateway' } })
    const forgetAway = jest.fn().mockResolvedValue(undefined)
    const stopFollowing = root.connectWhenSignedIn(() => () => undefined, forgetAway)
    root.session.hydrate({ user: user(), token: 't1' })
    expect(forgetAway).not.toHaveBeenCalled()
    forgetAway.mockRejectedValueOnce(new Error('no service worker'))
    root.session.signOut()
    expect(forgetAway).toHaveBeenCalledTimes(1)
    await Promise.resolve()
    expect(root.logger.warn).toHaveBeenCalledWith('[away] the push subscription could not be dropped at sign-out:', expect.any(Error))
    stopFollowing()
  })

  it('offers a guest an account after a join or a write, loading the account store for a guest only', async () => {
    const root = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'openrealm:dev:login', scheduler: manualScheduler(), logger: fakeLogger(), webauthn: null })
    root.session.hydrate({ user: { ...ME, uid: 'an-account' }, token: 't1' })
    root.offerSignIn()
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(root.account.current).toBeNull()
    root.session.hydrate({ user: ME, token: 't2' }) // B_: a guest
    root.offerSignIn()
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(root.account.current?.offering).toBe(true)
    root.dispose()
  })

  it('creates my direct conversations on first use, loads them for the signed-in member and counts a direct message arriving over the socket (Me\'s badge)', async () => {
    const connect = fakeConnector()
    const conversations = fakeConversationsApi()
    conversations.list.mockResolvedValue([conversation('d1')])
    const root = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'openrealm:dev:login', scheduler: manualScheduler(), logger: fakeLogger(), gateway: { connect, url: 'ws://realm.test/gateway' }, conversations })
    const stopFollowing = root.connectWhenSignedIn()
    root.session.hydrate({ user: ME, token: 't1' })
    await Promise.resolve()
    // nothing asked for them yet: neither their code nor the list is loaded at launch
    expect(conversations.list).not.toHaveBeenCalled()
    expect(root.conversations.current).toBeNull()
    const shared = await root.conversations.load()
    expect(await root.conversations.load()).toBe(shared)
    expect(conversations.list).toHaveBeenCalledTimes(1)
    await Promise.resolve()
    const socket = connect.last()
    socket.open()
    socket.deliver({ op: 'ready', d: { user: ME, protocol_version: 3, session_id: 's', seq: 0, heartbeat_interval_ms: 30_000, server_ids: [] } })
    socket.deliver({ op: 'dispatch', t: 'DM_MESSAGE_CREATE', s: 1, d: chatMessage(1, { channel_id: 'd1', server_id: '', author: LIN }) })
    expect(shared.unreadTotal).toBe(1)
    // another member signs in on this device: the list is theirs
    root.session.hydrate({ user: LIN, token: 't2' })
    expect(conversations.list).toHaveBeenCalledTimes(2)
    stopFollowing()
    root.dispose()
  })

  it('follows the gateway: counts from presence and membership events, the channel list after CHANNEL_CREATE, everything after RESYNC', async () => {
    const { api, members, root, socket } = await connectedToServer723658({ member_count: 10, online_count: 1 })
    socket.deliver({ op: 'dispatch', t: 'PRESENCE_UPDATE', s: 1, d: { server_id: '723658', uid: 'u2', status: 'online', online_count: 2 } })
    expect(root.server.onlineCount).toBe(2)
    expect(members.list).not.toHaveBeenCalled()
    // A join carries both counts (the joiner may be online)
    socket.deliver({ op: 'dispatch', t: 'MEMBER_ADD', s: 2, d: { server_id: '723658', member: {}, member_count: 11, online_count: 3 } })
    expect([root.server.detail?.member_count, root.server.onlineCount]).toEqual([11, 3])
    expect(members.list).not.toHaveBeenCalled()
    api.listChannels.mockClear()
    socket.deliver({ op: 'dispatch', t: 'CHANNEL_CREATE', s: 3, d: channel('c9', { server_id: '723658' }) })
    socket.deliver({ op: 'dispatch', t: 'CHANNEL_CREATE', s: 4, d: channel('c8', { server_id: '832828' }) })
    expect(api.listChannels).toHaveBeenCalledTimes(1)
    api.getServer.mockClear()
    socket.deliver({ op: 'invalid_session', d: null })
    socket.deliver({ op: 'ready', d: { user: user(), protocol_version: 3, session_id: 's2', seq: 9, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
    expect(api.getServer).toHaveBeenCalledTimes(1)
    expect(api.listChannels).toHaveBeenCalledTimes(2)
    root.dispose()
  })

  it('reads the unread counts again when a fresh gateway session starts (a message written before it came on no socket), not when one resumes', async () => {
    const connect = fakeConnector()
    const api = fakeApi()
    const root = createRootStore(api, { storage: memoryStorage(), loginKey: 'openrealm:dev:login', scheduler: manualScheduler(), logger: fakeLogger(), gateway: { connect, url: 'ws://realm.test/gateway' }, members: fakeMembersApi() })
    const lobby = (unread: number, newest: number) => [{ group: null, channels: [channel('c1', { server_id: '723658', unread_count: unread, mention_count: 0, last_message_id: messageId(newest), last_read_id: messageId(1) })] }]
    api.getServer.mockResolvedValue(serverDetail('723658'))
    api.listServerLives.mockResolvedValue(paged([], 1, false))
    api.listChannels.mockResolvedValueOnce(lobby(0, 1))
    root.session.hydrate({ user: user(), token: 't1' })
    await root.openServer({})
    expect(root.unread.of('c1').unread).toBe(0)
    // message 2 is written now: after the list's answer, before the gateway delivers anything
    const reread = deferred<ReturnType<typeof lobby>>()
    api.listChannels.mockReturnValueOnce(reread.promise)
    root.gateway.start()
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: user(), protocol_version: 3, session_id: 's', seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
    // message 3 comes live before the re-read answers, which was taken before it
    connect.last().deliver({ op: 'dispatch', t: 'MESSAGE_CREATE', s: 1, d: chatMessage(3, { server_id: '723658' }) })
    reread.resolve(lobby(1, 2))
    await reread.promise
    await Promise.resolve()
    expect(root.unread.of('c1').unread).toBe(2)
    // a resumed session replays what it missed: nothing is read again
    api.listChannels.mockClear()
    root.gateway.networkChanged(false)
    root.gateway.networkChanged(true)
    connect.last().open()
    connect.last().deliver({ op: 'resumed', d: { replayed: 0 } })
    expect(api.listChannels).not.toHaveBeenCalled()
    // a session that is not a member of the server on screen has no counts there: its list is not read again
    root.gateway.networkChanged(false)
    root.gateway.networkChanged(true)
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: user(), protocol_version: 3, session_id: 's3', seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['832828'] } })
    expect(api.listChannels).not.toHaveBeenCalled()
    root.dispose()
  })

  it('counts me among those online once my own session is up, even when the detail was answered before it', async () => {
    const { root } = await connectedToServer723658({ is_member: true, online_count: 0 })
    expect(root.server.onlineCount).toBe(1)
    root.gateway.stop()
    expect(root.server.onlineCount).toBe(0)
    root.dispose()
  })

  it('knows live that I was removed from the server on screen: by my MEMBER_REMOVE, or by a new session without the server', async () => {
    const kicked = await connectedToServer723658({ is_member: true })
    kicked.socket.deliver({ op: 'dispatch', t: 'MEMBER_REMOVE', s: 1, d: { server_id: '723658', uid: 'someone else', member_count: 9, online_count: 1 } })
    expect([kicked.root.server.isMember, kicked.root.server.removed]).toEqual([true, false])
    kicked.socket.deliver({ op: 'dispatch', t: 'MEMBER_REMOVE', s: 2, d: { server_id: '723658', uid: user().uid, member_count: 8, online_count: 1 } })
    expect([kicked.root.server.isMember, kicked.root.server.removed]).toEqual([false, true])
    kicked.root.dispose()
    const banned = await connectedToServer723658({ is_member: true })
    banned.socket.deliver({ op: 'ready', d: { user: user(), protocol_version: 3, session_id: 's3', seq: 0, heartbeat_interval_ms: 30_000, server_ids: [] } })
    expect([banned.root.server.isMember, banned.root.server.removed]).toEqual([false, true])
    banned.root.dispose()
  })

  it('reloads the channel list after a channel of the current server is edited or deleted', async () => {
    const { api, root, socket } = await connectedToServer723658()
    api.listChannels.mockClear()
    socket.deliver({ op: 'dispatch', t: 'CHANNEL_UPDATE', s: 1, d: channel('c9', { server_id: '723658', name: '大厅' }) })
    socket.deliver({ op: 'dispatch', t: 'CHANNEL_DELETE', s: 2, d: { server_id: '723658', channel_id: 'c9' } })
    socket.deliver({ op: 'dispatch', t: 'CHANNEL_DELETE', s: 3, d: { server_id: '832828', channel_id: 'c8' } })
    expect(api.listChannels).toHaveBeenCalledTimes(2)
    root.dispose()
  })

  it('reloads the channel list when channels of the current server appear or disappear for this member (roles, overrides)', async () => {
    const { api, root, socket } = await connectedToServer723658()
    api.listChannels.mockClear()
    socket.deliver({ op: 'dispatch', t: 'CHANNELS_VISIBLE_UPDATE', s: 1, d: { server_id: '723658', added: [], removed: ['c9'] } })
    socket.deliver({ op: 'dispatch', t: 'CHANNELS_VISIBLE_UPDATE', s: 2, d: { server_id: '832828', added: ['c8'], removed: [] } })
    expect(api.listChannels).toHaveBeenCalledTimes(1)
    root.dispose()
  })

  it('reloads the server card after the owner edits the current server', async () => {
    const { api, root, socket } = await connectedToServer723658()
    api.getServer.mockClear()
    socket.deliver({ op: 'dispatch', t: 'SERVER_UPDATE', s: 1, d: serverDetail('723658') })
    socket.deliver({ op: 'dispatch', t: 'SERVER_UPDATE', s: 2, d: serverDetail('832828') })
    expect(api.getServer).toHaveBeenCalledTimes(1)
    root.dispose()
  })

  it('asks the server detail again once signed in when it was answered without the membership', async () => {
    const api = fakeApi()
    const root = createRootStore(api, { storage: memoryStorage(), loginKey: 'openrealm:dev:login', scheduler: manualScheduler(), logger: fakeLogger(), gateway: { connect: fakeConnector(), url: 'ws://realm.test/gateway' } })
    api.getServer.mockResolvedValueOnce(serverDetail('723658')).mockResolvedValue(serverDetail('723658', { is_member: false }))
    await root.server.load()
    const stop = root.connectWhenSignedIn()
    expect(api.getServer).toHaveBeenCalledTimes(1)
    root.session.hydrate({ user: user(), token: 't1' })
    await Promise.resolve()
    expect(api.getServer).toHaveBeenCalledTimes(2)
    await root.server.load()
    expect(root.server.isMember).toBe(false)
    stop()
  })

  it('stops the live clock when disposed', async () => {
    const { api, scheduler, root } = setup()
    api.listServerLives.mockResolvedValue(paged([liveItem('m', { play_url: 'a.mp4', started_at: NOW_MS / 1000, duration: 60 })], 1, false))
    await root.live.load()
    root.live.startClock()
    root.dispose()
    expect(scheduler.pending()).toEqual([])
  })

  it('works with the default clock, timers and logger', () => {
    const root = createRootStore(fakeApi(), { storage: memoryStorage(), loginKey: 'k' })
    expect([root.server.serverId, root.channel.canCreate(ChannelType.Metaverse), root.live.now > 0]).toEqual(['723658', true, true])
  })
})
