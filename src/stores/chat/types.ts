/**
 * What the chat takes from the wire contracts — types only, so TypeBox never enters a
 * bundle — under the names the chat uses, and the one thing it declares itself: the part
 * of the GatewayStore it relies on (`on`, `focus`, `connection`), which tests fake.
 */
import type { DirectMessageDispatchPayloads, DispatchPayloads, MessageDispatchPayloads } from '@core/wire/dispatches'
import type { GatewayConnection } from '../gateway-store'

export type {
  ChatMessage, MessageHistory as ChatMessagePage, ReactionSummary as ChatReaction, SendMessageBody,
  MessageDeleteEvent, ReactionEvent, TypingEvent,
} from '@core/wire/messages'
export type { Member, MemberListData as MemberPage } from '@core/wire/members'
export type { GatewayConnection } from '../gateway-store'

/** The gateway dispatches the chat applies, by name: a channel's and a direct conversation's (the same payloads under other names), and the channel's edits (its slow mode). */
export type ChatDispatches = MessageDispatchPayloads & Omit<DirectMessageDispatchPayloads, 'CONVERSATION_CREATE'> & Pick<DispatchPayloads, 'CHANNEL_UPDATE'>

/** What the chat needs of the GatewayStore: its connection state, dispatch subscriptions and channel focus. */
export interface ChatGateway {
  readonly connection: GatewayConnection
  on<T extends keyof ChatDispatches> (t: T, handler: (d: ChatDispatches[T]) => void): () => void
  focus (channelId: string | null): void
}
