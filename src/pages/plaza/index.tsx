import '@/i18n/page-messages'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { observer } from 'mobx-react'
import { View } from '@tarojs/components'
import { channelTypeHas } from '@core/domain/channel-types'
import type { GameId } from '@core/domain/games/definition'
import type { CreateTableBody, PlazaTable } from '@core/wire/plaza'
import PageHeader from '@/components/page-header'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { back, currentParams, navigate } from '@/router'
import { usePageStore, useStores } from '@/stores/context'
import { PlazaLobbyStore } from '@/stores/plaza/lobby-store'
import { PlazaTableStore } from '@/stores/plaza/table-store'
import { canModerate } from '@/stores/settings/settings-access'
import { modal } from '@/utils/feedback'
import CreateSheet from './create-sheet'
import Lobby from './lobby'
import TableView from './table-view'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/plaza/index'

/**
 * A game plaza channel (SPEC §4 type 10; `channel_id`, `server_id`): its lobby — the games on
 * offer, the open tables live, 创建牌桌 — or, with `table_id` (and an invite-only table's
 * `invite`), one table: its seats, the game, the result. Opening a table from the lobby or
 * from a chat card opens this page again on it, so 返回 goes back to where the member was.
 */
function PlazaPage () {
  const root = useStores()
  const { session, channel: channelList, server } = root
  const params = useMemo(() => currentParams(), [])
  const channelId = params.channel_id ?? params.cid ?? ''
  const serverId = params.server_id ?? params.sid ?? server.serverId
  const tableId = params.table_id ?? ''
  const invite = params.invite
  const lobby = usePageStore(stores => new PlazaLobbyStore({ api: stores.plaza, gateway: stores.gateway, logger: stores.logger }))
  const table = usePageStore(stores => new PlazaTableStore({ api: stores.plaza, gateway: stores.gateway, logger: stores.logger, uid: () => stores.session.user?.uid ?? null }))
  const [creating, setCreating] = useState<GameId | null>(null)
  usePageLifecycle(PAGE_PATH, {
    show: () => channelList.markShown(channelId),
    hide: () => channelList.markShown(null, channelId),
  })
  // a moderator may close any table and take players off their seats: the server's permissions, asked for this page's server
  useEffect(() => root.permissions.focus(serverId), [root, serverId])

  const open = useCallback(async () => {
    // watching needs a session on the gateway: a visitor is let in as a guest
    await session.ensureSignedIn()
    if (tableId !== '') await table.open(tableId, invite)
    else await lobby.open(channelId)
  }, [channelId, invite, lobby, session, table, tableId])

  useEffect(() => {
    open().catch(error => console.error('[plaza] open failed:', error))
    return () => {
      lobby.close()
      table.close()
    }
  }, [lobby, open, table])

  const openTable = (target: Pick<PlazaTable, 'table_id' | 'channel_id'>) => {
    navigate('plaza', { channel_id: target.channel_id, server_id: serverId, table_id: target.table_id }).catch(() => undefined)
  }
  const create = async (body: CreateTableBody) => {
    const created = await lobby.create(body)
    if (created === null) return
    setCreating(null)
    openTable({ table_id: created, channel_id: channelId })
  }

  const uid = session.user?.uid ?? null
  const signedIn = uid !== null
  const name = channelList.findChannel(channelId)?.name ?? t('pageTitlePlaza')
  const chatChannels = channelList.channels.filter(channel => channelTypeHas(channel.channel_type, 'carriesChat'))
  return (
    <View className='plaza-page' data-testid='plaza-page'>
      <PageHeader title={name} homeQuery={{ server_id: serverId }} />
      <View className='plaza-page__body'>
        {tableId === ''
          ? <Lobby lobby={lobby} canCreate={signedIn} onCreate={setCreating} onOpen={openTable} />
          : (
            <TableView
              table={table}
              uid={uid}
              moderator={canModerate(root.permissions)}
              chatChannels={chatChannels}
              clock={root.clock}
              confirm={content => modal({ title: t('pageTitlePlaza'), content })}
              onBack={() => { back(1, { server_id: serverId }).catch(() => undefined) }}
            />
            )}
      </View>
      {creating !== null && (
        <CreateSheet games={lobby.games} initialGame={creating} busy={lobby.creating} error={lobby.createError} onCreate={body => { void create(body) }} onClose={() => setCreating(null)} />
      )}
    </View>
  )
}

export default observer(PlazaPage)
