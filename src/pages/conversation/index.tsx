import '@/i18n/page-messages'
import { useCallback, useEffect, useState } from 'react'
import { Button, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import ChatView, { type ChatMembership, type ChatViewAccess } from '@/components/chat-view'
import PageHeader from '@/components/page-header'
import StateView from '@/components/state-view'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { back, currentParams } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { ConversationPageStore } from '@/stores/direct-messages/conversation-page-store'
import { usePageStore, useStores } from '@/stores/context'
import { modal, toast } from '@/utils/feedback'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/conversation/index'

/** A participant is always in: the composer shows, never a join bar or an online count. */
const PARTICIPANT: ChatMembership = { isMember: true, onlineCount: null, isJoining: false, joinError: null, removed: false, join: async () => undefined }

/** A participant may write, attach pictures and delete their own messages; nobody moderates a conversation (the server decides again). */
const PARTICIPANT_ACCESS: ChatViewAccess = { composer: { kind: 'compose' }, canModerate: false, canAttach: true }

/** A group's own actions: leave it, or block it (leave for good), each confirmed, toasted, and back to where I came from once done. */
function GroupActions ({ store }: { store: ConversationPageStore }) {
  const act = (block: boolean) => {
    const run = async (): Promise<void> => {
      if (!await modal({ content: t(block ? 'dmGroupBlockConfirm' : 'dmGroupLeaveConfirm') })) return
      const { left, message } = await store.leave(block)
      await toast(message)
      if (left) await back()
    }
    run().catch(error => console.error('[conversation] leaving failed:', error))
  }
  return (
    <View className='conversation-page__group-actions'>
      <Button className='conversation-page__group-action' size='mini' onClick={() => act(false)}>{t('dmGroupLeave')}</Button>
      <Button className='conversation-page__group-action' size='mini' onClick={() => act(true)}>{t('dmGroupBlock')}</Button>
    </View>
  )
}

/**
 * A direct conversation (私信; `?conversation_id=`): the channel's chat view on
 * the conversation's own calls and events — history, pending/failed/retry, replies,
 * reactions, pictures, edits and deletes, typing and unread. A message the other member
 * does not take (their privacy choice or a block) fails with the server's "cannot send".
 * A group shows a bar to leave or block it.
 */
function ConversationPage () {
  const { session, server, clock } = useStores()
  const store = usePageStore(root => new ConversationPageStore(root, root.scheduler))
  const [params] = useState(() => currentParams())
  const conversationId = params.conversation_id ?? ''
  const open = useCallback(() => {
    session.ensureSignedIn()
      .then(() => store.open(conversationId))
      .catch(error => console.error('[conversation] opening failed:', error))
  }, [session, store, conversationId])
  // while another page covers this one (a picture's preview, Me), new messages count as unread again
  usePageLifecycle(PAGE_PATH, { show: () => store.setShown(true), hide: () => store.setShown(false) })
  useEffect(() => {
    if (conversationId !== '') open()
    return () => store.dispose()
  }, [store, conversationId, open])
  // a conversation is its participants' own: the share card leads to the server's Home
  useHomeShare(server)

  const { chat, members } = store
  let body
  if (conversationId === '') body = <StateView status='empty' message={t('dmNotFound')} />
  else if (store.status === 'error') body = <StateView status='error' message={store.error} retryable={store.retryable} onRetry={open} />
  else if (chat === null || members === null) body = <StateView status='loading' />
  else body = <ChatView chat={chat} members={members} membership={PARTICIPANT} access={PARTICIPANT_ACCESS} now={clock()} />
  return (
    <View className={store.isGroup ? 'conversation-page conversation-page--group' : 'conversation-page'}>
      <PageHeader title={store.title !== '' ? store.title : t('dmTitle')} />
      {store.isGroup && <GroupActions store={store} />}
      {body}
    </View>
  )
}

export default observer(ConversationPage)
