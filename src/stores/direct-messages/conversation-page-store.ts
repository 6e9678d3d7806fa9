/**
 * One direct conversation (私信) as its page opens it: the conversation found in
 * my list (loaded when the page was opened from a link), its chat — a ChannelChat on
 * {@link directChatInput}, the same history, outbox, composer, typing and read marks as a
 * channel — and its participants as the `@` picker's members. While the page shows it, the
 * conversation counts as read on my list. A group may be left or blocked from here.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { Conversation } from '@core/wire/direct-messages'
import type { Member } from '@core/wire/members'
import { t } from '@/i18n'
import { ChannelChat } from '../chat/channel-chat'
import { ServerMembers } from '../chat/members'
import { chatDeps, type ChatRoot } from '../chat/open-discussion'
import { conversationTitle, directChatInput, type ConversationsStore } from './conversations-store'
import type { StoreStatus } from '../support/load-tracker'
import type { OnDemand } from '../on-demand'
import type { TimerScheduler } from '../support/timer-scheduler'

/** What a conversation's page is built on: the root's chat transports and my conversation list (created on first use, with the direct-message calls). */
export interface ConversationPageRoot extends ChatRoot {
  conversations: OnDemand<ConversationsStore>
}

/** A participant as the chat's member list holds one (a conversation has no roles, join time or presence). */
function asMember (user: Conversation['participants'][number]): Member {
  return { user, joined_at: 0, online: false, role_ids: [] }
}

/** The open conversation of the conversation page: its state, its title and its chat. */
export class ConversationPageStore {
  /** `loading` while the conversation is looked up, `ready` with its chat, `error` when it failed or is not mine. */
  status: StoreStatus = 'idle'
  /** Why it could not be opened, else null. */
  error: string | null = null
  /** Whether retrying the failed opening may help: not when my list was refused in a way the same request gets again (one not found yet is looked up again). */
  retryable = true
  /** The conversation, once found. */
  conversation: Conversation | null = null
  /** Its chat, once found (started by {@link open}, ended by {@link dispose}). */
  chat: ChannelChat | null = null
  /** Its participants, for the `@` picker and mentions by nickname. */
  members: ServerMembers | null = null

  constructor (private readonly root: ConversationPageRoot, private readonly scheduler: TimerScheduler) {
    makeAutoObservable<ConversationPageStore, 'root' | 'scheduler'>(this, {
      root: false, scheduler: false, conversation: observable.ref, chat: observable.ref, members: observable.ref,
    })
  }

  /** The others' nicknames (the page's title), or '' before the conversation is found. */
  get title (): string {
    return this.conversation ? conversationTitle(this.conversation, this.root.session.user?.uid ?? null) : ''
  }

  /** True when the open conversation is a group, which I may leave or block. */
  get isGroup (): boolean {
    return this.conversation?.kind === 'group'
  }

  /** Leaves the open group (`block`: for good); resolves whether I left and the toast's sentence. */
  async leave (block: boolean): Promise<{ left: boolean, message: string }> {
    if (this.conversation === null) return { left: false, message: t('dmNotFound') }
    const conversations = await this.root.conversations.load()
    return conversations.leaveGroup(this.conversation.conversation_id, block)
  }

  /** Finds `conversationId` among my conversations (loading them when it is not there yet) and starts its chat; a retry after a failure too. */
  async open (conversationId: string): Promise<void> {
    if (this.chat !== null) return
    this.status = 'loading'
    this.error = null
    const conversations = await this.root.conversations.load()
    if (!conversations.conversations.some(item => item.conversation_id === conversationId)) await conversations.load()
    const found = conversations.conversations.find(item => item.conversation_id === conversationId)
    if (!found) {
      runInAction(() => {
        this.status = 'error'
        // a conversation I am not in reads as one that does not exist (participants only)
        this.error = conversations.status === 'error' ? conversations.error : t('dmNotFound')
        this.retryable = conversations.status !== 'error' || conversations.retryable
      })
      return
    }
    const myUid = () => this.root.session.user?.uid ?? null
    const members = new ServerMembers('', {
      listMembers: async () => ({ items: found.participants.map(asMember), has_more: false, next: null, online_count: 0 }),
      logger: this.root.logger,
      myUid,
    })
    const chat = new ChannelChat(directChatInput(found, conversations.api), chatDeps(this.root, this.scheduler))
    runInAction(() => {
      this.conversation = found
      this.members = members
      this.chat = chat
      this.status = 'ready'
    })
    conversations.setOpen(conversationId)
    await chat.start()
  }

  /** The page shows (true) or another page covers it (false): only a conversation on screen counts as read. */
  setShown (shown: boolean): void {
    if (this.conversation !== null) this.root.conversations.current?.setOpen(shown ? this.conversation.conversation_id : null)
  }

  /** Ends the chat; the conversation no longer counts as looked at. */
  dispose (): void {
    this.chat?.dispose()
    const conversations = this.root.conversations.current
    if (this.conversation !== null && conversations?.openId === this.conversation.conversation_id) conversations.setOpen(null)
  }
}
