import { useState } from 'react'
import { Button, Text, View } from '@tarojs/components'
import type { SpyDescription, SpyMove, SpyRound, SpyView } from '@core/domain/games/views'
import { SPY_DESCRIPTION_MAX_LENGTH } from '@core/wire/plaza-codes'
import { Input } from '@/components/page-elements/input'
import { t } from '@/i18n'
import { disabledIf } from '@/utils/disabled-if'
import './spy-game.scss'

/** What the spy game's area shows. */
export interface SpyGameProps {
  view: SpyView
  /** The name of the member at each seat. */
  names: readonly string[]
  /** The member's seat, null for a watcher. */
  mySeat: number | null
  /** The member's seat may act now (describe on its turn, vote in the vote). */
  canMove: boolean
  /** A move is on its way: the buttons wait. */
  busy: boolean
  onMove: (move: SpyMove) => void
}

/** The descriptions said, in order (a skipped turn says so). */
function Descriptions ({ descriptions, names }: { descriptions: readonly SpyDescription[], names: readonly string[] }) {
  return (
    <View className='spy-game__said'>
      {descriptions.map(said => (
        <View key={said.seat} className='spy-game__line'>
          <Text className='spy-game__speaker'>{names[said.seat] ?? ''}</Text>
          <Text className={`spy-game__text${said.skipped ? ' spy-game__text--skipped' : ''}`}>{said.skipped ? t('spySkipped') : said.text}</Text>
        </View>
      ))}
    </View>
  )
}

/** Who went out of a finished round, and whether it was the spy (a tie: nobody). */
function roundOutcome (round: SpyRound, names: readonly string[]): string {
  if (round.out === null) return t('spyTie')
  return t(round.outWasSpy === true ? 'spyOutWasSpy' : 'spyOutWasNot', { name: names[round.out] ?? '' })
}

/**
 * 谁是卧底: the member's own word, prominent (a watcher sees none until the end); the round's
 * descriptions and, on the member's turn, the input to describe; in the vote a button per
 * seat still in (never oneself) and who has voted (not for whom); the seats out; the
 * finished rounds; at the end every seat's word and the spy.
 */
export default function SpyGame ({ view, names, mySeat, canMove, busy, onMove }: SpyGameProps) {
  const [draft, setDraft] = useState('')
  const alive = new Set(view.alive)
  const voted = new Set(view.voted)
  const describe = () => {
    const text = draft.trim()
    if (text === '') return
    onMove({ describe: text })
    setDraft('')
  }
  return (
    <View className='spy-game' data-testid='spy'>
      <View className='spy-game__word' data-testid='spy-word'>
        {view.word === null
          ? <Text className='spy-game__word-none'>{t('spyNoWord')}</Text>
          : (
            <>
              <Text className='spy-game__word-label'>{t('spyYourWord')}</Text>
              <Text className='spy-game__word-text'>{view.word}</Text>
            </>
            )}
      </View>
      <Text className='spy-game__phase'>
        {t('spyRound', { round: String(view.round) })} · {t(view.phase === 'vote' ? 'spyPhaseVote' : 'spyPhaseDescribe')}
        {view.phase === 'describe' && view.describing !== null ? ` · ${t('spyDescribing', { name: names[view.describing] ?? '' })}` : ''}
      </Text>
      <View className='spy-game__seats'>
        {names.map((name, seat) => (
          <View key={seat} className={`spy-game__seat${alive.has(seat) ? '' : ' spy-game__seat--out'}${view.describing === seat ? ' spy-game__seat--speaking' : ''}`} data-testid={`spy-seat-${seat}`}>
            <Text className='spy-game__seat-name'>{name}</Text>
            {!alive.has(seat) && <Text className='spy-game__tag spy-game__tag--out'>{t('spyOut')}</Text>}
            {view.phase === 'vote' && voted.has(seat) && <Text className='spy-game__tag'>{t('spyVoted')}</Text>}
            {view.reveal !== null && view.reveal.spy === seat && <Text className='spy-game__tag spy-game__tag--spy'>{t('spyTheSpy')}</Text>}
            {view.reveal !== null && <Text className='spy-game__seat-word'>{view.reveal.words[seat] ?? ''}</Text>}
            {view.phase === 'vote' && canMove && alive.has(seat) && seat !== mySeat && (
              <Button className='spy-game__vote' size='mini' type='primary' data-testid={`spy-vote-${seat}`} disabled={disabledIf(busy)} onClick={() => onMove({ vote: seat })}>{t('spyVote')}</Button>
            )}
          </View>
        ))}
      </View>
      <Descriptions descriptions={view.descriptions} names={names} />
      {view.phase === 'describe' && canMove && (
        <View className='spy-game__describe'>
          <Input
            className='spy-game__input'
            value={draft}
            maxlength={SPY_DESCRIPTION_MAX_LENGTH}
            placeholder={t('spyDescribePlaceholder')}
            ariaLabel={t('spyDescribePlaceholder')}
            confirmType='send'
            onInput={event => setDraft(event.detail.value)}
            onConfirm={describe}
          />
          <Button className='spy-game__send' size='mini' type='primary' data-testid='spy-describe' disabled={disabledIf(busy || draft.trim() === '')} onClick={describe}>{t('spyDescribeSend')}</Button>
        </View>
      )}
      {view.rounds.length > 0 && (
        <View className='spy-game__rounds'>
          <Text className='spy-game__rounds-title'>{t('spyRounds')}</Text>
          {view.rounds.map((round, index) => (
            <View key={index} className='spy-game__round'>
              <Text className='spy-game__round-title'>{t('spyRound', { round: String(index + 1) })} · {roundOutcome(round, names)}</Text>
              <Descriptions descriptions={round.descriptions} names={names} />
            </View>
          ))}
        </View>
      )}
      {view.reveal !== null && <Text className='spy-game__reveal'>{t('spyReveal')}</Text>}
    </View>
  )
}
