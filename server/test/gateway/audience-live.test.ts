/**
 * Every dispatch reaches only its declared audience, over real sockets: a member who may
 * not read a channel (the training channel without its role, a channel hidden from
 * @全体成员 by an override) receives none of its events, a member who may read it receives
 * them all; what a member may read follows role and override changes live, and they are
 * told which channels appeared or disappeared.
 */
import { Permission } from '@core/domain/permissions'
import type { ChannelsVisibleUpdate } from '@core/wire/dispatches'
import type { DispatchFrame } from '@core/wire/gateway'
import { createInProcessBus, type EventBus } from '../../src/bus'
import { envelope, signInAsMember } from '../helper'
import { CHANNEL_BOUND, dispatches, focus, isDispatch, mark as markOn, namesBetween, NARROW_BEFORE_DELETE, NARROW_DISPATCHES, publishAbout } from './audience-walk'
import { connectGateway, identified, type GatewayTestClient } from './client'
import { listeningApp, type TestAccount } from './listening-app'

const SERVER = '832828'
/** SPEC §6: seen only with the 新手学员 role (100004 holds it, a fresh guest does not). */
const TRAINING = '83282805'
/** Hidden from @全体成员 below; the owner still reads it. */
const HIDDEN = '83282804'
const LOBBY = '83282802'

const bus: EventBus = createInProcessBus()
const gateway = listeningApp({ GATEWAY_HEARTBEAT_MS: '10000', GATEWAY_PRESENCE_INTERVAL_MS: '0' }, { bus })
let owner: TestAccount
beforeAll(async () => { owner = await signInAsMember(gateway.test) })

const session = (token: string): Promise<GatewayTestClient> => gateway.session(token)
const guestMember = (): Promise<TestAccount> => gateway.guestMember(SERVER)

/** Sets (bits) or removes (null) @全体成员's override of `channelId`, as the owner. */
async function everyoneOverride (channelId: string, bits: { allow: number, deny: number } | null): Promise<void> {
  const url = `/channels/${channelId}/overrides/role/${SERVER}`
  const response = await gateway.test.inject(bits ? { method: 'PUT', url, headers: owner.headers, payload: bits } : { method: 'DELETE', url, headers: owner.headers })
  expect(response.statusCode).toBe(200)
}

/** A marker every member of the server hears (./audience-walk.ts). */
const mark = (label: string, clients: GatewayTestClient[]): Promise<void> => markOn(bus, SERVER, label, clients)

describe('the declared audience', () => {
  it('walks every channel-bound, moderators\' and own-session dispatch: a member who cannot read the channel gets none, one who can gets each', async () => {
    await everyoneOverride(HIDDEN, { allow: 0, deny: Permission.ViewChannel })
    const guest = await guestMember()
    const trainee = await signInAsMember(gateway.test, '100004') // holds 新手学员: reads the training channel, not the hidden one
    const [ownerSocket, guestSocket, traineeSocket] = await Promise.all([session(owner.token), session(guest.token), session(trainee.token)])
    const everyone = [ownerSocket, guestSocket, traineeSocket]
    expect(NARROW_DISPATCHES.length).toBeGreaterThan(20)
    await mark('start', everyone)
    for (const channelId of [TRAINING, HIDDEN]) {
      await Promise.all(everyone.map(client => focus(client, channelId)))
      for (const t of NARROW_BEFORE_DELETE) await publishAbout(bus, t, SERVER, channelId, owner.uid)
      await mark(`after ${channelId}`, everyone)
    }
    await publishAbout(bus, 'CHANNEL_DELETE', SERVER, TRAINING, owner.uid)
    await publishAbout(bus, 'CHANNEL_DELETE', SERVER, HIDDEN, owner.uid)
    await mark('deleted', everyone)
    // the owner reads both channels, moderates, and is the addressee of the own-session events
    expect(namesBetween(ownerSocket, 'start', `after ${TRAINING}`)).toEqual(NARROW_BEFORE_DELETE)
    expect(namesBetween(ownerSocket, `after ${TRAINING}`, `after ${HIDDEN}`)).toEqual(NARROW_BEFORE_DELETE)
    expect(namesBetween(ownerSocket, `after ${HIDDEN}`, 'deleted')).toEqual(['CHANNEL_DELETE', 'CHANNEL_DELETE'])
    // the guest reads neither, moderates nothing and is nobody's addressee here
    expect(namesBetween(guestSocket, 'start', 'deleted').filter(t => t !== 'PRESENCE_UPDATE')).toEqual([])
    // the trainee reads the training channel only
    expect(namesBetween(traineeSocket, 'start', `after ${TRAINING}`)).toEqual(CHANNEL_BOUND)
    expect(namesBetween(traineeSocket, `after ${TRAINING}`, 'deleted')).toEqual(['PRESENCE_UPDATE', 'CHANNEL_DELETE'])
    await everyoneOverride(HIDDEN, null)
  })

  it('keeps a training channel\'s messages, reactions and typing from a guest the history refuses, and hands them to the owner', async () => {
    const guest = await guestMember()
    expect((await gateway.test.inject({ url: `/channels/${TRAINING}/messages`, headers: guest.headers })).statusCode).toBe(404)
    const [ownerSocket, guestSocket] = await Promise.all([session(owner.token), session(guest.token)])
    await Promise.all([focus(ownerSocket, TRAINING), focus(guestSocket, TRAINING)])
    const sent = await gateway.test.inject({ method: 'POST', url: `/channels/${TRAINING}/messages`, headers: owner.headers, payload: { content: '只给学员看', nonce: `n${Date.now()}` } })
    expect(sent.statusCode).toBe(200)
    const messageId = envelope<{ message_id: string }>(sent).data.message_id
    await gateway.test.inject({ method: 'PUT', url: `/channels/${TRAINING}/messages/${messageId}/reactions/${encodeURIComponent('👍')}/me`, headers: owner.headers })
    await gateway.test.inject({ method: 'POST', url: `/channels/${TRAINING}/typing`, headers: owner.headers })
    await ownerSocket.next(isDispatch('MESSAGE_CREATE', (d: { content: string }) => d.content === '只给学员看'))
    await mark('training done', [ownerSocket, guestSocket])
    expect(dispatches(guestSocket).map(frame => frame.t).filter(t => t !== 'PRESENCE_UPDATE')).toEqual([])
  })
})

describe('recomputing what a member may read', () => {
  it('takes a channel away the moment @全体成员 loses it, tells the member, and gives it back live when the override goes', async () => {
    const member = await guestMember()
    const [ownerSocket, memberSocket] = await Promise.all([session(owner.token), session(member.token)])
    await everyoneOverride(LOBBY, { allow: 0, deny: Permission.ViewChannel })
    const hidden = await memberSocket.next<DispatchFrame>(isDispatch('CHANNELS_VISIBLE_UPDATE'))
    expect(hidden.d).toEqual({ server_id: SERVER, added: [], removed: [LOBBY] } satisfies ChannelsVisibleUpdate)
    // the override's own CHANNEL_UPDATE reaches those who still read the channel only
    await ownerSocket.next(isDispatch('CHANNEL_UPDATE', (d: { channel_id: string }) => d.channel_id === LOBBY))
    await gateway.test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: owner.headers, payload: { content: '藏起来了', nonce: `h${Date.now()}` } })
    await ownerSocket.next(isDispatch('MESSAGE_CREATE', (d: { content: string }) => d.content === '藏起来了'))
    await everyoneOverride(LOBBY, null)
    const shown = await memberSocket.next<DispatchFrame>(isDispatch('CHANNELS_VISIBLE_UPDATE'))
    expect(shown.d).toEqual({ server_id: SERVER, added: [LOBBY], removed: [] } satisfies ChannelsVisibleUpdate)
    await gateway.test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: owner.headers, payload: { content: '又看得见了', nonce: `v${Date.now()}` } })
    await memberSocket.next(isDispatch('MESSAGE_CREATE', (d: { content: string }) => d.content === '又看得见了'))
    expect(dispatches(memberSocket).some(frame => frame.t === 'MESSAGE_CREATE' && (frame.d as { content: string }).content === '藏起来了')).toBe(false)
  })

  it('opens the training channel to a member given its role, live, and closes it when the role is taken', async () => {
    const member = await guestMember()
    const memberSocket = await session(member.token)
    const roleUrl = `/servers/${SERVER}/members/${member.uid}/roles/${SERVER}-trainee`
    expect((await gateway.test.inject({ method: 'PUT', url: roleUrl, headers: owner.headers })).statusCode).toBe(200)
    expect((await memberSocket.next<DispatchFrame>(isDispatch('CHANNELS_VISIBLE_UPDATE'))).d).toEqual({ server_id: SERVER, added: [TRAINING], removed: [] })
    await gateway.test.inject({ method: 'POST', url: `/channels/${TRAINING}/messages`, headers: owner.headers, payload: { content: '欢迎学员', nonce: `t${Date.now()}` } })
    await memberSocket.next(isDispatch('MESSAGE_CREATE', (d: { content: string }) => d.content === '欢迎学员'))
    expect((await gateway.test.inject({ method: 'DELETE', url: roleUrl, headers: owner.headers })).statusCode).toBe(200)
    expect((await memberSocket.next<DispatchFrame>(isDispatch('CHANNELS_VISIBLE_UPDATE'))).d).toEqual({ server_id: SERVER, added: [], removed: [TRAINING] })
  })

  it('tells a member who resumes after missing an override and a role change which channels disappeared and appeared, right after resumed', async () => {
    const member = await guestMember()
    const { client, ready } = await identified(gateway.baseUrl, member.token)
    client.close()
    await client.closed()
    const roleUrl = `/servers/${SERVER}/members/${member.uid}/roles/${SERVER}-trainee`
    await everyoneOverride(LOBBY, { allow: 0, deny: Permission.ViewChannel })
    expect((await gateway.test.inject({ method: 'PUT', url: roleUrl, headers: owner.headers })).statusCode).toBe(200)
    try {
      const resumed = await connectGateway(gateway.baseUrl)
      resumed.send({ op: 'resume', d: { token: member.token, session_id: ready.session_id, seq: ready.seq } })
      const update = await resumed.next<DispatchFrame>(isDispatch('CHANNELS_VISIBLE_UPDATE'))
      expect(update.d).toEqual({ server_id: SERVER, added: [TRAINING], removed: [LOBBY] } satisfies ChannelsVisibleUpdate)
      const order = resumed.frames.map(frame => frame.op === 'dispatch' ? frame.t : frame.op)
      expect(order.indexOf('resumed')).toBeLessThan(order.indexOf('CHANNELS_VISIBLE_UPDATE'))
      // told once: a further resume after nothing changed says nothing
      resumed.close()
      await resumed.closed()
      const again = await connectGateway(gateway.baseUrl)
      again.send({ op: 'resume', d: { token: member.token, session_id: ready.session_id, seq: update.s } })
      await again.next(frame => frame.op === 'resumed')
      await mark('after the second resume', [again])
      expect(dispatches(again).filter(frame => frame.t === 'CHANNELS_VISIBLE_UPDATE')).toEqual([])
      again.close()
    } finally {
      await everyoneOverride(LOBBY, null)
      await gateway.test.inject({ method: 'DELETE', url: roleUrl, headers: owner.headers })
    }
  })

  it('replays on resume only what the member may read', async () => {
    const guest = await guestMember()
    const { client, ready } = await identified(gateway.baseUrl, guest.token)
    client.close()
    await client.closed()
    await gateway.test.inject({ method: 'POST', url: `/channels/${TRAINING}/messages`, headers: owner.headers, payload: { content: '错过的学员消息', nonce: `r${Date.now()}` } })
    await gateway.test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: owner.headers, payload: { content: '错过的大厅消息', nonce: `l${Date.now()}` } })
    const resumed = await connectGateway(gateway.baseUrl)
    resumed.send({ op: 'resume', d: { token: guest.token, session_id: ready.session_id, seq: ready.seq } })
    await resumed.next(frame => frame.op === 'resumed')
    const contents = dispatches(resumed).filter(frame => frame.t === 'MESSAGE_CREATE').map(frame => (frame.d as { content: string }).content)
    resumed.close()
    expect(contents).toEqual(['错过的大厅消息'])
  })
})
