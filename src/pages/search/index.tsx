import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Button, Text, View } from '@tarojs/components'
import { Input } from '@/components/page-elements/input'
import { observer } from 'mobx-react'
import { chooseServer } from '@core/domain/server'
import { ChannelKind } from '@core/wire/codes'
import type { SearchHit } from '@core/wire/search'
import ListFooter from '@/components/list-footer'
import PageHeader from '@/components/page-header'
import StateView from '@/components/state-view'
import { LINK } from '@/constants/a11y'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePullRefresh } from '@/hooks/use-pull-refresh'
import { currentParams, navigate, pageLocation } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { usePageStore, useStores } from '@/stores/context'
import { openSearch, type SearchChip, type SearchStore } from '@/stores/search/search-store'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/search/index'

/** The filters offered as taps (the others are typed: from:, before:, after:). */
const QUICK_CHIPS: SearchChip[] = [{ key: 'has', value: 'image' }, { key: 'has', value: 'link' }]

/** How a chip reads: has:image as 含图片, the others as typed. */
function chipLabel (chip: SearchChip): string {
  if (chip.key === 'has') return chip.value === 'image' ? t('searchHasImage') : t('searchHasLink')
  return `${chip.key}:${chip.value}`
}

/** One hit: who, where, when, and the text with the matched words highlighted (as text). */
const HitRow = observer(function HitRow ({ store, hit, channelName, onOpen }: { store: SearchStore, hit: SearchHit, channelName: string, onOpen: () => void }) {
  return (
    <View className='search-hit' data-testid='search-hit' {...pressable(onOpen)} {...LINK}>
      <View className='search-hit__head'>
        <Text className='search-hit__author'>{hit.author.nickname}</Text>
        <Text className='search-hit__place'>{channelName}{hit.kind !== 'message' ? ` · ${t(hit.kind === 'post' ? 'searchKindPost' : 'searchKindComment')}` : ''}</Text>
        <Text className='search-hit__time'>{formatDate(fromUnixSeconds(hit.created_at), 'YYYY-MM-DD HH:mm')}</Text>
      </View>
      <View className='search-hit__text'>
        {store.piecesOf(hit).map((piece, index) => piece.kind === 'mention'
          ? <Text key={index} className={`search-hit__mention${piece.match ? ' search-hit__match' : ''}`}>@{piece.name}</Text>
          : <Text key={index} className={piece.match ? 'search-hit__match' : undefined}>{piece.text}</Text>)}
      </View>
    </View>
  )
})

/** The hits of the submitted query, or where they stand. */
const Results = observer(function Results ({ store, channelName }: { store: SearchStore, channelName: (channelId: string) => string }) {
  const { results } = store
  if (store.status === 'idle') return <StateView status='empty' message={t('searchHint')} />
  if (store.status === 'loading') return <StateView status='loading' />
  if (store.status === 'error') return <StateView status='error' message={results.error} retryable={results.retryable} onRetry={() => { void store.submit() }} />
  if (store.status === 'empty') return <StateView status='empty' message={t('searchNothing')} />
  const open = (hit: SearchHit) => {
    const target = store.targetOf(hit)
    navigate(target.page, target.query).catch(error => console.error('[search] opening a hit failed:', error))
  }
  return (
    <View className='search-page__results'>
      {results.items.map(hit => <HitRow key={`${hit.kind} ${hit.id}`} store={store} hit={hit} channelName={channelName(hit.channel_id)} onOpen={() => open(hit)} />)}
      <ListFooter status={results.moreStatus} error={results.moreError} hasMore={results.hasMore} retryable={results.moreRetryable} onRetry={() => { void store.loadMore() }} />
    </View>
  )
})

/**
 * Searching a server (`?sid=`; docs/product-tour.md "Search syntax"): the box with its filter chips,
 * the hits newest first with the matched words highlighted; a message hit opens its
 * channel at that message, a post or comment hit its post. Loaded only with this page.
 */
function SearchPage () {
  const root = useStores()
  const [params] = useState(() => currentParams())
  const store = usePageStore(stores => openSearch(chooseServer(stores.server.servers, pageLocation(params)).server.server_id, stores))
  usePageLifecycle(PAGE_PATH)
  useReachBottom(() => { void store.loadMore() })
  // a pull-down searches the shown query again; the share menu sends the searched server's Home (a search is one member's own)
  usePullRefresh(() => store.refresh())
  useHomeShare(root.server, store.serverId)
  // opened straight from a link (no Home before it): the server's channel list, as Home loads it
  const { server, channel: channelList } = root
  useEffect(() => {
    if (channelList.serverId === store.serverId || channelList.status === 'loading') return
    server.select(pageLocation(params))
    channelList.load().catch(error => console.warn('[search] the channel list failed; hits show no place:', error))
  }, [server, channelList, store, params])

  // the channels of the list name the hits and offer in: chips (a group holds no messages of its own)
  const channels = channelList.serverId === store.serverId ? channelList.channels.filter(channel => channel.kind !== ChannelKind.Group) : []
  const channelName = (channelId: string) => channels.find(channel => channel.channel_id === channelId)?.name ?? ''
  const submit = () => { void store.submit() }
  const shown = new Set(store.chips.map(chip => `${chip.key}:${chip.value}`))
  return (
    <View className='search-page'>
      <PageHeader title={t('pageTitleSearch')} homeQuery={{ server_id: store.serverId }} />
      <View className='search-page__body'>
        <View className='search-page__bar'>
          <Input
            className='search-page__input'
            value={store.text}
            focus
            confirmType='search'
            maxlength={-1}
            placeholder={t('searchPlaceholder')}
            ariaLabel={t('searchPlaceholder')}
            onInput={event => store.setText(event.detail.value)}
            onConfirm={submit}
          />
          <Button className='search-page__go' size='mini' type='primary' onClick={submit}>{t('searchGo')}</Button>
        </View>
        {store.problem !== null && <Text className='search-page__problem'>{store.problem}</Text>}
        <View className='search-page__chips'>
          {store.chips.map(chip => (
            <View key={`${chip.key}:${chip.value}`} className='search-page__chip search-page__chip--on' {...pressable(() => store.removeChip(chip))}>
              {chipLabel(chip)} ×
            </View>
          ))}
          {QUICK_CHIPS.filter(chip => !shown.has(`${chip.key}:${chip.value}`)).map(chip => (
            <View key={`${chip.key}:${chip.value}`} className='search-page__chip' {...pressable(() => store.addChip(chip))}>{chipLabel(chip)}</View>
          ))}
          {channels.filter(channel => !shown.has(`in:${channel.name}`) && !shown.has(`in:${channel.channel_id}`)).slice(0, 6).map(channel => (
            <View key={channel.channel_id} className='search-page__chip' {...pressable(() => store.addChip({ key: 'in', value: channel.name }))}>#{channel.name}</View>
          ))}
        </View>
        <Results store={store} channelName={channelName} />
      </View>
    </View>
  )
}

export default observer(SearchPage)
