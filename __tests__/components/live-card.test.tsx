import TestUtils from '@tarojs/test-utils-react'
import LiveCard, { durationText, liveStartText } from '@/components/live-card'
import { liveItem } from '../stores/support/fakes'

afterEach(() => { document.body.innerHTML = '' })

describe('live card formats', () => {
  it.each([[59, '00:59'], [3600, '1:00:00'], [5409.9, '1:30:09'], [36000, '10:00:00']])('shows a length of %p seconds as %p', (seconds, text) => {
    expect(durationText(seconds)).toBe(text)
  })

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])('shows no length for %p', seconds => {
    expect(durationText(seconds)).toBe('')
  })

  it('shows the start in UTC+8 whatever the device zone, and nothing when unscheduled', () => {
    expect(liveStartText(Date.UTC(2024, 0, 1, 16, 30) / 1000)).toBe('01-02 00:30')
    expect(liveStartText(null)).toBe('')
  })
})

describe('LiveCard', () => {
  it('shows the cover, the state badge, the title as text, the start and the duration, and reports taps', async () => {
    const onTap = jest.fn()
    const item = liveItem('l1', { title: '<i>夜话</i>', cover: 'https://cdn.example/c.png', started_at: Date.UTC(2024, 0, 1, 4) / 1000, duration: 90 })
    const testUtils = new TestUtils()
    await testUtils.mount(LiveCard, { props: { item, state: 'ended', onTap } })
    const card = await testUtils.queries.waitForQuerySelector('.live-card')
    expect(card.querySelector('.live-badge')?.textContent).toBe('回放')
    expect(card.querySelector('.live-card__title')?.textContent).toBe('<i>夜话</i>')
    expect(card.querySelector('i')).toBeNull()
    expect(card.textContent).toContain('开播 01-01 12:00')
    expect(card.textContent).toContain('时长 01:30')
    testUtils.act(() => { (card as HTMLElement).click() })
    expect(onTap).toHaveBeenCalledWith(item)
  })
})
