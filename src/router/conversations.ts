/**
 * Opening a direct conversation (私信) through the one `navigate`: from my list, and
 * from a member's sheet, where the one-to-one conversation is found or started first.
 */
import type { ConversationsStore } from '@/stores/direct-messages/conversations-store'
import { toast } from '@/utils/feedback'
import { navigate } from './navigation'

/** Opens the conversation page of `conversationId`. */
export async function openConversation (conversationId: string): Promise<void> {
  await navigate('conversation', { conversation_id: conversationId })
}

/** Finds or starts the one-to-one conversation with member `uid` and opens it; a refusal (they take no messages from me: "cannot send") is a toast. */
export async function startConversation (conversations: Pick<ConversationsStore, 'openDirect'>, uid: string): Promise<void> {
  const opened = await conversations.openDirect(uid)
  if (typeof opened === 'string') await toast(opened)
  else await openConversation(opened.conversation_id)
}
