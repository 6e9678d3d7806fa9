/**
 * What a space costs a member: emotes count against the per-account message limit with chat
 * messages and bubbles, entries are limited per account, and a hostile mix of space frames is
 * answered with error frames or a documented close — never a crash, never a written row.
 */
import { GatewayErrorCode, type ServerFrame } from '@core/wire/gateway'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { SPACE_ENTRIES_PER_WINDOW, SPACE_ENTRY_WINDOW_MS } from '../../src/space/hub'
import { rowCounter, signInAsMember } from '../helper'
import { pause, type GatewayTestClient } from '../gateway/client'
import { listeningApp } from '../gateway/listening-app'

const SERVER = '723658'
const SPACE = `${SERVER}10`
const LOBBY = `${SERVER}02` // the server's lobby (a discussion channel)
const MESSAGES_PER_WINDOW = 4
const app = listeningApp({ RATE_LIMIT_ALLOW: 'none', MESSAGE_RATE_LIMIT_MAX: String(MESSAGES_PER_WINDOW), MESSAGE_RATE_LIMIT_WINDOW_MS: '60000' })

const errorsOf = (client: GatewayTestClient): Array<{ code: number, msg: string }> =>
  client.frames.flatMap(frame => frame.op === 'error' ? [frame.d] : [])

/** Polls until `done` holds (4 s at most). */
async function until (done: () => boolean, what: string): Promise<void> {
  for (const end = Date.now() + 4000; !done(); await pause(20)) if (Date.now() > end) throw new Error(`not within 4 s: ${what}`)
}

/** A session of member `uid` standing in the space. */
async function standing (uid: string): Promise<{ client: GatewayTestClient, headers: Record<string, string> }> {
  const member = await signInAsMember(app.test, uid)
  const client = await app.session(member.token)
  client.send({ op: 'space_enter', d: { channel_id: SPACE } })
  await client.next(frame => frame.op === 'space_ready')
  return { client, headers: member.headers }
}

describe('emotes', () => {
  it('counts emotes against the per-account message limit, shared with chat messages and bubbles', async () => {
    const { client, headers } = await standing('100003')
    const sent = await app.test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers, payload: { content: '去展厅看看', nonce: 'emote-budget-1' } })
    expect(sent.statusCode).toBe(200)
    client.send({ op: 'space_say', d: { text: '大家好' } })
    // its own bubble (the host's greeting is a space_said too, and may come first): counted before the emotes are sent
    await client.next(frame => frame.op === 'space_said' && frame.d.uid === '100003')
    client.send({ op: 'space_emote', d: { emote: 'wave' } })
    client.send({ op: 'space_emote', d: { emote: 'heart' } })
    await until(() => client.frames.filter(frame => frame.op === 'space_emoted').length === 2, 'two emotes played')
    // the fifth of the window: refused, played to nobody
    client.send({ op: 'space_emote', d: { emote: 'party' } })
    await until(() => errorsOf(client).length === 1, 'the refusal')
    expect(errorsOf(client)[0]).toMatchObject({ code: GatewayErrorCode.SpaceRefused, msg: expect.stringMatching(/^space_emote: .*4/) })
    await pause(100)
    expect(client.frames.filter(frame => frame.op === 'space_emoted')).toHaveLength(2)
    const refused = await app.test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers, payload: { content: '再发一条', nonce: 'emote-budget-2' } })
    expect(refused.statusCode).toBe(429)
  })
})

describe('entries', () => {
  it(`refuses an entry beyond ${SPACE_ENTRIES_PER_WINDOW} in ${SPACE_ENTRY_WINDOW_MS / 1000} s with an error frame, and the member stays where they stand`, async () => {
    const { client } = await standing('100004') // the first entry
    for (let entry = 2; entry <= SPACE_ENTRIES_PER_WINDOW; entry++) {
      client.send({ op: 'space_leave', d: null })
      client.send({ op: 'space_enter', d: { channel_id: SPACE } })
      await client.next(frame => frame.op === 'space_ready')
    }
    expect(errorsOf(client)).toEqual([])
    client.send({ op: 'space_enter', d: { channel_id: SPACE } })
    await until(() => errorsOf(client).length === 1, 'the refusal')
    expect(errorsOf(client)[0]).toEqual({ code: GatewayErrorCode.SpaceRefused, msg: expect.stringContaining(`space_enter: more than ${SPACE_ENTRIES_PER_WINDOW} entries in ${SPACE_ENTRY_WINDOW_MS / 1000} s`) })
    // still standing: a walk moves the avatar, nothing says it left
    const ticksBefore = client.frames.filter(frame => frame.op === 'space_tick').length
    client.send({ op: 'space_steer', d: { dx: 1, dy: 0 } })
    await until(() => client.frames.filter(frame => frame.op === 'space_tick').length > ticksBefore, 'a tick of the walk')
    expect(errorsOf(client)).toHaveLength(1)
    expect(client.frames.some(frame => frame.op === 'space_left')).toBe(false)
  })
})

describe('the hostile-input pass over the space ops', () => {
  let db: Db
  beforeAll(async () => { ({ db } = await openDatabase(app.test.config)) })
  afterAll(async () => { await db.destroy() })

  /** Frames no client should send: wrong shapes, huge and non-finite numbers, oversized and unknown ops, broken JSON. */
  const HOSTILE: readonly string[] = [
    '{"op":"space_walk","d":{"x":1e309,"y":0}}',
    '{"op":"space_walk","d":{"x":-0,"y":-0}}',
    `{"op":"space_walk","d":{"x":${'9'.repeat(40)},"y":1}}`,
    '{"op":"space_walk","d":{"x":1.5,"y":"2"}}',
    '{"op":"space_walk","d":{"x":1,"y":1,"__proto__":{"polluted":true}}}',
    '{"op":"space_steer","d":{"dx":2,"dy":0}}',
    '{"op":"space_steer","d":{"dx":null,"dy":0}}',
    '{"op":"space_say","d":{"text":""}}',
    JSON.stringify({ op: 'space_say', d: { text: 'x'.repeat(201) } }),
    JSON.stringify({ op: 'space_say', d: { text: '\u0001'.repeat(200), pad: 'y'.repeat(500) } }),
    JSON.stringify({ op: 'space_say', d: { text: 'z'.repeat(20_000) } }),
    '{"op":"space_emote","d":{"emote":"dance"}}',
    '{"op":"space_enter","d":{"channel_id":""}}',
    JSON.stringify({ op: 'space_enter', d: { channel_id: 'c'.repeat(65) } }),
    '{"op":"space_enter","d":{"channel_id":"999999"}}',
    `{"op":"space_enter","d":{"channel_id":"${LOBBY}"}}`,
    '{"op":"space_enter","d":{"channel_id":"__proto__","near_uid":"constructor"}}',
    '{"op":"space_leave","d":{}}',
    '{"op":"space_teleport","d":{"x":1,"y":1}}',
    '{"op":"space_walk"',
    '[]',
    'null',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
  ]
  const DOCUMENTED_ERRORS: readonly number[] = [GatewayErrorCode.UnknownOp, GatewayErrorCode.DecodeError, GatewayErrorCode.FrameTooLarge, GatewayErrorCode.SpaceRefused]

  it(`answers ${HOSTILE.length * 6} hostile space frames with error frames or a RateLimited close, never a crash, and changes no row count`, async () => {
    const counts = await rowCounter(db)
    const before = await counts()
    const { client } = await standing('100002')
    for (let round = 0; round < 6; round++) for (const frame of HOSTILE) client.send(frame)
    const closed = await Promise.race([client.closed(), pause(3000).then(() => null)])
    if (closed) expect(closed.code).toBe(GatewayErrorCode.RateLimited)
    const codes = new Set(errorsOf(client).map(error => error.code))
    expect([...codes].filter(code => !DOCUMENTED_ERRORS.includes(code))).toEqual([])
    expect(client.frames.some((frame: ServerFrame) => frame.op === 'error' && frame.d.msg.includes('could not be handled'))).toBe(false)
    expect(await counts()).toEqual({ ...before, sessions: before.sessions + 1 }) // the sign-in of the test itself
    // the process goes on: another member enters and is answered
    await standing('100001')
  })
})
