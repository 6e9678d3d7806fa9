/**
 * Chat times in UTC+8 (SPEC §9) around midnight UTC+8, where a time-zone bug shows as a
 * wrong day. "Now" is Thursday 2026-11-05 10:00 in UTC+8.
 */
import { loadLanguage, setLanguage } from '@/i18n'
import { chatClock, chatDayLabel, chatTimeLabel, chatUntilLabel, isNewChatDay } from '@/utils/format-chat-time'

const NOW = Date.parse('2026-11-05T10:00:00+08:00')
const at = (iso: string) => Date.parse(iso)

afterEach(() => setLanguage(undefined))

describe('chat times in UTC+8', () => {
  it('names today and yesterday with the time: 今天 14:32, 昨天 09:10', () => {
    expect(chatTimeLabel(at('2026-11-05T00:00:00+08:00'), NOW)).toBe('今天 00:00')
    expect(chatTimeLabel(at('2026-11-04T09:10:00+08:00'), NOW)).toBe('昨天 09:10')
  })

  it('counts days in UTC+8: 15:59 UTC is still yesterday, 16:00 UTC is today', () => {
    expect(chatDayLabel(at('2026-11-04T15:59:00Z'), NOW)).toBe('昨天')
    expect(chatDayLabel(at('2026-11-04T16:00:00Z'), NOW)).toBe('今天')
  })

  it('names a day within the week by its weekday: 周一', () => {
    expect(chatDayLabel(at('2026-11-02T08:00:00+08:00'), NOW)).toBe('周一')
    expect(chatTimeLabel(at('2026-10-30T23:59:00+08:00'), NOW)).toBe('周五 23:59')
  })

  it('gives the date for anything older: 2026-10-29', () => {
    expect(chatDayLabel(at('2026-10-29T12:00:00+08:00'), NOW)).toBe('2026-10-29')
  })

  it('names a moment ahead (a timeout\'s end) today, tomorrow, or by its date, in UTC+8', async () => {
    expect(chatUntilLabel(at('2026-11-05T23:59:00+08:00'), NOW)).toBe('今天 23:59')
    expect(chatUntilLabel(at('2026-11-05T16:00:00Z'), NOW)).toBe('明天 00:00')
    expect(chatUntilLabel(at('2026-11-20T08:00:00+08:00'), NOW)).toBe('2026-11-20 08:00')
    await loadLanguage('en')
    expect(chatUntilLabel(at('2026-11-06T08:00:00+08:00'), NOW)).toBe('Tomorrow 08:00')
  })

  it('calls a moment slightly ahead of our clock today', () => {
    expect(chatDayLabel(at('2026-11-06T00:01:00+08:00'), NOW)).toBe('今天')
  })

  it('speaks English under hl=en: Today, Yesterday, Mon', async () => {
    await loadLanguage('en')
    expect([
      chatTimeLabel(at('2026-11-05T14:32:00+08:00'), NOW),
      chatDayLabel(at('2026-11-04T09:10:00+08:00'), NOW),
      chatDayLabel(at('2026-11-02T09:10:00+08:00'), NOW),
    ]).toEqual(['Today 14:32', 'Yesterday', 'Mon'])
  })

  it('shows the time of day in UTC+8', () => {
    expect(chatClock(at('2026-11-04T16:05:00Z'))).toBe('00:05')
  })

  it('puts a day separator between moments on different UTC+8 days only', () => {
    expect(isNewChatDay(at('2026-11-04T15:59:00Z'), at('2026-11-04T16:00:00Z'))).toBe(true)
    expect(isNewChatDay(at('2026-11-04T16:00:00Z'), at('2026-11-05T15:59:00Z'))).toBe(false)
  })
})
