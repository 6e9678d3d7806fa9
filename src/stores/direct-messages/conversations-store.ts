/**
 * My direct conversations (私信): the list with each one's newest message and unread
 * count, kept live from the gateway (a new conversation, a new message, my read position
 * from another device); finding or starting the one-to-one conversation with a member;
 * who may message me and whom I block. A conversation's own chat is a ChannelChat on
 * {@link directChatInput} (src/stores/chat/: the same history, outbox and views as a channel).
 */
import '@/i18n/page-messages'
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { Conversation } from '@core/wire/direct-messages'
import type { DmPrivacy } from '@core/wire/direct-messages-paths'
import type { User } from '@core/wire/entities'
import { t } from '@/i18n'
import type { ConversationsApi } from '@/services/api/conversations'
import { directConversation, type ChannelChatInput } from '../chat/conversation'
import type { GatewaySubscriptions } from '../gateway-store'
import { failureMessage, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { PagedList } from '../support/paged-list'

/** What the conversation list is built on. */
export interface ConversationsSources {
  api: ConversationsApi
  gateway: Pick<GatewaySubscriptions, 'on'>
  /** The signed-in user, or null. */
  me: () => User | null
  logger: StoreLogger
}

/** What a ChannelChat needs to open direct conversation `conversation` (its messages have no server). */
export function directChatInput (conversation: Pick<Conversation, 'conversation_id' | 'unread_count'>, api: Pick<ConversationsApi, 'messages'>): ChannelChatInput {
  const id = conversation.conversation_id
  return { channelId: id, serverId: '', unreadCount: conversation.unread_count, conversation: directConversation(id, api.messages(id)) }
}

/** A conversation's title for `me`: the others' nicknames, joined. */
export function conversationTitle (conversation: Pick<Conversation, 'participants'>, meUid: string | null): string {
  const others = conversation.participants.filter(user => user.uid !== meUid)
  return (others.length > 0 ? others : conversation.participants).map(user => user.nickname).join('、')
}

/** My conversations, my privacy choice and my blocks. */
export class ConversationsStore {
  /** Who may start a conversation with me; null until loaded. */
  privacy: DmPrivacy | null = null
  /** The members I block, as they were when blocked (unblocked from my list even when we no longer share a server). */
  blocked: User[] = []
  /** The conversation the member is looking at: its new messages are not counted unread. */
  openId: string | null = null
  /** The list, answered in one page (the server sends every conversation of mine at once). */
  private readonly listing: PagedList<Conversation, never>
  private readonly stops: Array<() => void> = []

  constructor (private readonly sources: ConversationsSources) {
    this.listing = new PagedList<Conversation, never>(async () => ({ items: await sources.api.list(), hasMore: false, next: null }), item => item.conversation_id, { logger: sources.logger })
    makeAutoObservable<ConversationsStore, 'sources' | 'listing' | 'stops'>(this, {
      sources: false, listing: false, stops: false, blocked: observable.ref,
    })
  }

  /** My conversations, the most recently active first. */
  get conversations (): Conversation[] {
    return this.listing.items
  }

  /** The direct-message calls the list goes through; a conversation's chat sends through them too. */
  get api (): ConversationsApi {
    return this.sources.api
  }

  /** The list's state: loading, ready, empty or error. */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** The list's failure in words, else null. */
  get error (): string | null {
    return this.listing.error
  }

  /** Whether retrying the failed list may help (false for a refusal the same request gets again). */
  get retryable (): boolean {
    return this.listing.retryable
  }

  /** The uids I block. */
  get blockedUids (): ReadonlySet<string> {
    return new Set(this.blocked.map(user => user.uid))
  }

  /** Unread direct messages across my conversations (the badge on Me). */
  get unreadTotal (): number {
    return this.conversations.reduce((sum, conversation) => sum + conversation.unread_count, 0)
  }

  /** Starts following the gateway: new conversations, new and deleted messages, my reads elsewhere. */
  start (): void {
    const { gateway } = this.sources
    this.stops.push(
      gateway.on('CONVERSATION_CREATE', conversation => this.unlessLoading(() => this.put(conversation))),
      gateway.on('DM_MESSAGE_CREATE', message => this.unlessLoading(() => {
        const conversation = this.conversations.find(item => item.conversation_id === message.channel_id)
        if (!conversation) {
          void this.load()
          return
        }
        const mine = message.author.uid === this.sources.me()?.uid
        const unread = mine || this.openId === conversation.conversation_id ? conversation.unread_count : conversation.unread_count + 1
        this.put({ ...conversation, last_message: message, unread_count: unread })
      })),
      gateway.on('DM_READ', state => this.unlessLoading(() => this.markSeen(state.channel_id))),
    )
  }

  /**
   * Applies a live change, unless the list is on its way: its answer may have been read
   * before the change and would put the older state back over it (three messages counted
   * as one), so the list is asked for again — the newest request's answer is the one shown.
   */
  private unlessLoading (apply: () => void): void {
    if (this.listing.status === 'loading') void this.load()
    else apply()
  }

  /** Stops following the gateway. */
  dispose (): void {
    this.stops.splice(0).forEach(stop => stop())
  }

  /** Loads the list (a refresh; after a failure, the retry). */
  load (): Promise<void> {
    return this.listing.load()
  }

  /** The member is looking at `conversationId` (null: at none); it counts as read. */
  setOpen (conversationId: string | null): void {
    this.openId = conversationId
    if (conversationId !== null) this.markSeen(conversationId)
  }

  /** The one-to-one conversation with `uid`, found or started; or the refusal in words (a member who takes no messages from me: "cannot send"). */
  async openDirect (uid: string): Promise<Conversation | string> {
    try {
      const conversation = await this.sources.api.openDirect(uid)
      runInAction(() => this.put(conversation, false))
      return conversation
    } catch (error) {
      return failureMessage(error, this.sources.logger)
    }
  }

  /**
   * Leaves the group `conversationId` (`block`: for good, nobody adds me to it again); it
   * leaves my list. Resolves whether I left and the toast's sentence (done, or the refusal in words).
   */
  async leaveGroup (conversationId: string, block: boolean): Promise<{ left: boolean, message: string }> {
    try {
      await this.sources.api.leaveGroup(conversationId, block)
      runInAction(() => this.listing.replaceItems(this.conversations.filter(item => item.conversation_id !== conversationId)))
      return { left: true, message: t(block ? 'dmGroupBlocked' : 'dmGroupLeft') }
    } catch (error) {
      return { left: false, message: failureMessage(error, this.sources.logger) }
    }
  }

  /** Loads who may message me and whom I block. */
  async loadPrivacy (): Promise<void> {
    try {
      const [privacy, blocked] = await Promise.all([this.sources.api.privacy(), this.sources.api.blocked()])
      runInAction(() => {
        this.privacy = privacy
        this.blocked = blocked
      })
    } catch (error) {
      this.sources.logger.warn('[conversations] privacy not loaded:', failureMessage(error, this.sources.logger))
    }
  }

  /** Chooses who may message me; resolves the toast's sentence. */
  async setPrivacy (privacy: DmPrivacy): Promise<string> {
    try {
      await this.sources.api.setPrivacy(privacy)
      runInAction(() => { this.privacy = privacy })
      return t('dmPrivacySaved')
    } catch (error) {
      return failureMessage(error, this.sources.logger)
    }
  }

  /** Blocks `member` (or lifts the block); resolves the toast's sentence. */
  async toggleBlock (member: User): Promise<string> {
    const { uid } = member
    const blocking = !this.blockedUids.has(uid)
    try {
      await (blocking ? this.sources.api.block(uid) : this.sources.api.unblock(uid))
      runInAction(() => {
        const others = this.blocked.filter(user => user.uid !== uid)
        this.blocked = blocking ? [...others, member] : others
      })
      return t(blocking ? 'dmBlocked' : 'dmUnblocked')
    } catch (error) {
      return failureMessage(error, this.sources.logger)
    }
  }

  /** Puts `conversation` in the list (replacing its older copy), first when `toTop`. */
  private put (conversation: Conversation, toTop = true): void {
    const others = this.conversations.filter(item => item.conversation_id !== conversation.conversation_id)
    const existed = others.length !== this.conversations.length
    this.listing.replaceItems(toTop || !existed
      ? [conversation, ...others]
      : this.conversations.map(item => item.conversation_id === conversation.conversation_id ? conversation : item))
  }

  /** Conversation `conversationId` has nothing unread (read here, or on another device). */
  private markSeen (conversationId: string): void {
    this.listing.replaceItems(this.conversations.map(item => item.conversation_id === conversationId ? { ...item, unread_count: 0 } : item))
  }
}
