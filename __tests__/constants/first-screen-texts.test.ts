/**
 * The server's first screen (core/view/first-screen.ts) is written with the app's words,
 * counts, lengths and times: the description keeps its own copy (core imports nothing of
 * the client), checked here against the client's so the two never drift.
 */
import { displayCount, FIRST_SCREEN_TEXT, lengthText, priceText, utc8Clock } from '@core/view/first-screen'
import { t } from '@/i18n'
import { durationText } from '@/components/live-card'
import { formatCount } from '@/utils/format-number'
import { formatPrice } from '@/utils/format-price'
import { chatClock } from '@/utils/format-chat-time'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'

describe('The first screen the server draws speaks like the app', () => {
  it('uses the app\'s zh-CN words', () => {
    expect(FIRST_SCREEN_TEXT.members('7')).toBe(t('homeMembers', { count: '7' }))
    expect(FIRST_SCREEN_TEXT.online('3')).toBe(t('homeOnline', { count: '3' }))
    expect([FIRST_SCREEN_TEXT.channels, FIRST_SCREEN_TEXT.me, FIRST_SCREEN_TEXT.join, FIRST_SCREEN_TEXT.share, FIRST_SCREEN_TEXT.navHome, FIRST_SCREEN_TEXT.marketTitle])
      .toEqual([t('homeChannels'), t('homeMe'), t('homeJoin'), t('share'), t('navHome'), t('pageTitleMarket')])
    expect(FIRST_SCREEN_TEXT.live).toEqual({ live: t('liveStateLive'), ended: t('liveStateEnded'), order: t('liveStateOrder') })
    expect(FIRST_SCREEN_TEXT.liveStart('x')).toBe(t('liveStartsAt', { time: 'x' }))
    expect(FIRST_SCREEN_TEXT.liveDuration('x')).toBe(t('liveDuration', { duration: 'x' }))
    expect([FIRST_SCREEN_TEXT.videoMissing, FIRST_SCREEN_TEXT.chatJoinHint, FIRST_SCREEN_TEXT.chatJoin]).toEqual([t('showroomVideoMissing'), t('chatJoinHint'), t('chatJoin')])
  })

  it.each([0, -1, Number.NaN, 7, 9999, 10000, 12345, 99999999, 100000000, 123456789012])('counts %p as the app does', value => {
    expect(displayCount(value)).toBe(formatCount(value))
  })

  it.each([0, 5, 100, 123456, 100000000, -1, 1.5, Number.NaN, null, '100'])('writes a price of %p fen as the app does', fen => {
    expect(priceText(fen)).toBe(formatPrice(fen))
  })

  it.each([0, -5, 59, 309, 3909, 86399, Number.POSITIVE_INFINITY])('writes a length of %p s as the app does', seconds => {
    expect(lengthText(seconds)).toBe(durationText(seconds))
  })

  it.each([0, 1795625282, 1800000000])('writes the time %p at UTC+8 as the app does', seconds => {
    expect(utc8Clock(seconds * 1000, 'HH:mm')).toBe(chatClock(seconds * 1000))
    expect(utc8Clock(seconds * 1000, 'MM-DD HH:mm')).toBe(formatDate(fromUnixSeconds(seconds), 'MM-DD HH:mm'))
  })
})
