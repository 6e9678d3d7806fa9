import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { Button, Text } from '@tarojs/components'
import { t } from '@/i18n'
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint'
import { navigate } from '@/router'
import { useStores } from '@/stores/context'
import { formatBadgeCount } from '@/utils/format-number'
import './index.scss'

/** One of the member's own lists, with its unread count (nothing at 0; SPEC §9: 99+ above 99). */
function Entry ({ name, label, count, onTap }: { name: 'dm' | 'inbox', label: string, count: number, onTap: () => void }) {
  return (
    <Button className={`inbox-entries__button inbox-entries__button--${name}`} size='mini' onClick={onTap} ariaLabel={count > 0 ? t('homeEntryUnread', { name: label, count: formatBadgeCount(count) }) : label}>
      <Text className='inbox-entries__label'>{label}</Text>
      {count > 0 && <Text className='inbox-entries__badge' data-testid={`${name}-entry-badge`}>{formatBadgeCount(count)}</Text>}
    </Button>
  )
}

function logFailure (what: string) {
  return (error: unknown) => console.error(`[inbox-entries] ${what} failed:`, error)
}

/**
 * Home's 私信 / Direct messages and 通知 / Notifications buttons in the server header, one
 * tap from the member's conversations and inbox, each with its unread count kept live.
 * Shown from the first render (counts once someone is signed in, a guest too). The conversation list's code loads after
 * Home's first screen has painted, never with it (root-store.ts `conversations`).
 */
function InboxEntries () {
  const root = useStores()
  const signedIn = root.session.token !== null
  const painted = useAfterFirstPaint(signedIn)
  useEffect(() => {
    if (painted) root.conversations.load().catch(logFailure('loading the direct messages'))
  }, [painted, root])
  // before the launch's guest session arrives the buttons already stand, without counts: the
  // server's first screen draws them for a visitor, and the header must not lose a row and jump
  return (
    <>
      <Entry name='dm' label={t('homeDmEntry')} count={root.conversations.current?.unreadTotal ?? 0} onTap={() => { navigate('conversations').catch(logFailure('opening the direct messages')) }} />
      <Entry name='inbox' label={t('homeInboxEntry')} count={root.inbox.unread} onTap={() => { navigate('inbox').catch(logFailure('opening the inbox')) }} />
    </>
  )
}

export default observer(InboxEntries)
