import { Button, Text, View } from '@tarojs/components'
import type { PlazaCard } from '@core/wire/plaza'
import { GAME_END_KEYS, GAME_NAME_KEYS } from '@/constants/games'
import { t } from '@/i18n'
import { navigate } from '@/router'
import './index.scss'

/** Opens the card's table (with an invite-only table's code) on the plaza page of server `serverId`. */
export function openPlazaCard (card: PlazaCard, serverId: string): Promise<unknown> {
  return navigate('plaza', {
    channel_id: card.channel_id,
    server_id: serverId,
    table_id: card.table_id,
    ...(card.invite === undefined ? {} : { invite: card.invite }),
  })
}

/** What a plaza card shows. */
export interface PlazaCardProps {
  card: PlazaCard
  /** Who posted it (the inviter of a 来一局 card). */
  author: string
  /** The server the message is in. */
  serverId: string
  /** A member's nickname by uid, null when unknown (a result names its winners). */
  nameOf: (uid: string) => string | null
}

/**
 * A plaza card in the chat: 来一局 (the game, who invites, who sits) or a game's result (who
 * won and how); its button opens the table. What it shows is what was true when posted.
 */
export default function PlazaCardView ({ card, author, serverId, nameOf }: PlazaCardProps) {
  const game = t(GAME_NAME_KEYS[card.game])
  const result = card.result
  return (
    <View className={`plaza-card plaza-card--${card.kind}`} data-testid='plaza-card'>
      <Text className='plaza-card__title'>{t(card.kind === 'game_invite' ? 'plazaCardInvite' : 'plazaCardResult')} · {game}</Text>
      {card.kind === 'game_invite' && <Text className='plaza-card__text'>{t('plazaCardInviteText', { name: author, game })}</Text>}
      {result !== null && (
        <Text className='plaza-card__text' data-testid='plaza-card-result'>
          {result.draw ? t('plazaResultDraw') : t('plazaResultWon', { names: result.winners.map(uid => nameOf(uid) ?? '').filter(name => name !== '').join('、') })}
          {` · ${t(GAME_END_KEYS[result.how])}`}
        </Text>
      )}
      {card.players.length > 0 && <Text className='plaza-card__players'>{t('plazaCardPlayers', { names: card.players.join('、') })}</Text>}
      <Button
        className='plaza-card__open'
        size='mini'
        type='primary'
        data-testid='plaza-card-open'
        onClick={event => {
          event.stopPropagation()
          openPlazaCard(card, serverId).catch(() => undefined)
        }}
      >{t('plazaCardJoin')}</Button>
    </View>
  )
}
