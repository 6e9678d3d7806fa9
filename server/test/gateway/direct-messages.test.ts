/**
 * Direct messages reach their participants' sockets and nobody else's: a third member of
 * the same server, connected all along, receives none of a conversation's dispatches.
 */
import type { Conversation } from '@core/wire/direct-messages'
import type { ChatMessage } from '@core/wire/messages'
import { createInProcessBus, type EventBus } from '../../src/bus'
import { envelope } from '../helper'
import { dispatches, isDispatch, mark, namesBetween } from './audience-walk'
import { listeningApp } from './listening-app'

const SERVER = '832828'
const bus: EventBus = createInProcessBus()
const gateway = listeningApp({ GATEWAY_HEARTBEAT_MS: '10000', GATEWAY_PRESENCE_INTERVAL_MS: '0' }, { bus })

describe('direct message delivery', () => {
  it('sends a conversation\'s dispatches to its participants\' sockets only, not to a third member of the same server', async () => {
    const [a, b, c] = await Promise.all([gateway.guestMember(SERVER), gateway.guestMember(SERVER), gateway.guestMember(SERVER)])
    const [aSocket, bSocket, cSocket] = await Promise.all([gateway.session(a.token), gateway.session(b.token), gateway.session(c.token)])
    const everyone = [aSocket, bSocket, cSocket]
    await mark(bus, SERVER, 'start', everyone)

    const started = await gateway.test.inject({ method: 'POST', url: '/conversations/direct', headers: a.headers, payload: { uid: b.uid } })
    const conversation = envelope<Conversation>(started).data
    const sent = await gateway.test.inject({
      method: 'POST', url: `/conversations/${conversation.conversation_id}/messages`, headers: a.headers, payload: { content: '只给你看', nonce: `gw-${process.pid}` },
    })
    const message = envelope<ChatMessage>(sent).data
    await gateway.test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/typing`, headers: b.headers })
    const received = await bSocket.next(isDispatch('DM_MESSAGE_CREATE', (d: ChatMessage) => d.message_id === message.message_id))
    expect(received).toMatchObject({ d: { content: '只给你看', channel_id: conversation.conversation_id } })
    await mark(bus, SERVER, 'end', everyone)

    expect(namesBetween(aSocket, 'start', 'end')).toEqual(['CONVERSATION_CREATE', 'DM_MESSAGE_CREATE', 'DM_TYPING'])
    // the recipient also hears the new message land in their inbox
    expect(namesBetween(bSocket, 'start', 'end')).toEqual(['CONVERSATION_CREATE', 'DM_MESSAGE_CREATE', 'NOTIFICATION_CREATE', 'DM_TYPING'])
    expect(namesBetween(cSocket, 'start', 'end')).toEqual([])
    expect(dispatches(cSocket).some(frame => frame.t.startsWith('DM_') || frame.t === 'CONVERSATION_CREATE')).toBe(false)
  })
})
