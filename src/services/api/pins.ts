/**
 * The pin calls (core/wire/pins.ts): a channel's pinned messages (精华), pinning and
 * unpinning one. On the same request chain as every other call; stores take a
 * {@link PinsApi}, so tests pass a fake.
 */
import { PIN_CALLS } from '@core/wire/pins-paths'
import type { ChannelPinsUpdate, Pin, PIN_CALL_SCHEMAS } from '@core/wire/pins'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** The pin calls. */
export interface PinsApi {
  /** The channel's pins, the newest pin first. */
  list (channelId: string): Promise<Pin[]>
  /** Pins a message (ManageMessages); pinning it again answers the same pin. */
  pin (channelId: string, messageId: string): Promise<Pin>
  /** Unpins a message (ManageMessages). */
  unpin (channelId: string, messageId: string): Promise<ChannelPinsUpdate>
}

/** The pin calls sent through `send`. */
export function createPinsApi (send: Requester = request): PinsApi {
  const calls = callsOf<typeof PIN_CALLS, typeof PIN_CALL_SCHEMAS>(send, PIN_CALLS)
  return {
    list: async channelId => (await calls.list({ params: { channel_id: channelId } })).list,
    pin: (channelId, messageId) => calls.pin({ params: { channel_id: channelId, message_id: messageId } }),
    unpin: (channelId, messageId) => calls.unpin({ params: { channel_id: channelId, message_id: messageId } }),
  }
}
