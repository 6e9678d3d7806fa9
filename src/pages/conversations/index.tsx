import '@/i18n/page-messages'
import { useEffect } from 'react'
import { Button, Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { Conversation } from '@core/wire/direct-messages'
import { DM_PRIVACY_CHOICES, type DmPrivacy } from '@core/wire/direct-messages-paths'
import PageHeader from '@/components/page-header'
import SettingsChoice from '@/components/settings-choice'
import StateView from '@/components/state-view'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { t, type MessageKey } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePullRefresh } from '@/hooks/use-pull-refresh'
import { openConversation } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { useStores } from '@/stores/context'
import { useOnDemand } from '@/stores/on-demand'
import { conversationTitle, type ConversationsStore } from '@/stores/direct-messages/conversations-store'
import { chatQuoteText } from '@/utils/chat-text'
import { chatTimeLabel } from '@/utils/format-chat-time'
import { toast } from '@/utils/feedback'
import { formatBadgeCount } from '@/utils/format-number'
import { mediaUrl } from '@/utils/media-url'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/conversations/index'

/** Each privacy choice as members read it. */
const PRIVACY_WORDS: Readonly<Record<DmPrivacy, MessageKey>> = { server_members: 'dmPrivacyServerMembers', nobody: 'dmPrivacyNobody' }

/** One conversation: the others' avatar and names, the newest message, when, and how many I have not read. */
const Row = observer(function Row ({ conversation, myUid, now }: { conversation: Conversation, myUid: string | null, now: number }) {
  const other = conversation.participants.find(user => user.uid !== myUid) ?? conversation.participants[0]
  const avatar = mediaUrl(other?.avatar)
  const title = conversationTitle(conversation, myUid)
  const last = conversation.last_message
  const nameOf = (uid: string) => conversation.participants.find(user => user.uid === uid)?.nickname ?? null
  return (
    <View className='conversations__row' data-testid='conversation-row' {...pressable(() => { openConversation(conversation.conversation_id).catch(error => console.error('[conversations] opening failed:', error)) })} role='link'>
      {avatar !== ''
        ? <Image className='conversations__avatar' src={avatar} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />
        : <Text className='conversations__avatar conversations__avatar--initial'>{Array.from(title || '·')[0]}</Text>}
      <View className='conversations__text'>
        <Text className='conversations__title'>{title}</Text>
        <Text className='conversations__excerpt'>{last ? chatQuoteText(last.content, nameOf) : t('dmNoMessagesYet')}</Text>
      </View>
      <View className='conversations__side'>
        <Text className='conversations__time'>{chatTimeLabel((last?.created_at ?? conversation.created_at) * 1000, now)}</Text>
        {conversation.unread_count > 0 && <Text className='conversations__badge'>{formatBadgeCount(conversation.unread_count)}</Text>}
      </View>
    </View>
  )
})

/** The members I block, each with 取消屏蔽 (a block outlives a shared server, so it is lifted here too). */
const BlockedList = observer(function BlockedList ({ conversations }: { conversations: ConversationsStore }) {
  if (conversations.blocked.length === 0) return null
  return (
    <View className='conversations__blocked'>
      <Text className='conversations__privacy-label'>{t('dmBlockedTitle')}</Text>
      {conversations.blocked.map(user => (
        <View key={user.uid} className='conversations__blocked-row' data-testid='blocked-row'>
          <Text className='conversations__blocked-name'>{user.nickname}</Text>
          <Button className='conversations__unblock' size='mini' onClick={() => { void conversations.toggleBlock(user).then(toast) }}>{t('dmUnblock')}</Button>
        </View>
      ))}
    </View>
  )
})

/**
 * My direct messages (私信): who may message me (members of my servers, or
 * nobody), then my conversations, the most recently active first, each with its unread
 * count — kept live by the root store's conversation list (a new message moves its
 * conversation up and counts it) — and the members I block. A conversation starts from a
 * member's sheet.
 */
function Conversations () {
  const { conversations: shared, session, server } = useStores()
  usePageLifecycle(PAGE_PATH)
  const conversations = useOnDemand(shared)
  useEffect(() => {
    session.ensureSignedIn()
      .then(() => shared.load())
      .then(loaded => Promise.all([loaded.load(), loaded.loadPrivacy()]))
      .catch(error => console.error('[conversations] loading failed:', error))
  }, [shared, session])
  // a pull-down loads the list again; the share menu sends the server's Home (the list is one member's own)
  usePullRefresh(() => shared.load().then(loaded => loaded.load()))
  useHomeShare(server)
  return (
    <View className='conversations'>
      <PageHeader title={t('dmTitle')} />
      {conversations === null ? <StateView status='loading' /> : <ConversationList conversations={conversations} />}
    </View>
  )
}

/** The privacy choice, the members I block and my conversations, once the store has loaded. */
const ConversationList = observer(function ConversationList ({ conversations }: { conversations: ConversationsStore }) {
  const { session, clock } = useStores()
  const choose = (privacy: DmPrivacy) => { void conversations.setPrivacy(privacy).then(toast) }
  const { status } = conversations
  const myUid = session.user?.uid ?? null
  return (
    <>
      {conversations.privacy !== null && (
        <View className='conversations__privacy'>
          <Text className='conversations__privacy-label'>{t('dmPrivacyTitle')}</Text>
          <SettingsChoice
            label={t('dmPrivacyTitle')}
            value={conversations.privacy}
            options={DM_PRIVACY_CHOICES.map(choice => ({ value: choice, label: t(PRIVACY_WORDS[choice]) }))}
            onChange={choose}
          />
        </View>
      )}
      <BlockedList conversations={conversations} />
      {status === 'error' && <StateView status='error' message={conversations.error} retryable={conversations.retryable} onRetry={() => { void conversations.load() }} />}
      {(status === 'idle' || status === 'loading') && conversations.conversations.length === 0 && <StateView status='loading' />}
      {status === 'empty' && <StateView status='empty' message={t('dmEmpty')} />}
      {conversations.conversations.length > 0 && (
        <View className='conversations__list'>
          {conversations.conversations.map(item => <Row key={item.conversation_id} conversation={item} myUid={myUid} now={clock()} />)}
        </View>
      )}
    </>
  )
})

export default observer(Conversations)
