import TestUtils from '@tarojs/test-utils-react'
import type { InteractionEvent } from '@core/wire/api'
import InteractionCard from '@/components/interaction-card'

function event (overrides: Partial<InteractionEvent>): InteractionEvent {
  return { event_id: 'e', type: 'welcome', title: '标题', text: '', image: '', price: null, video_url: null, ...overrides }
}

async function mount (props: { event: InteractionEvent, onClose?: () => void }): Promise<{ testUtils: TestUtils, card: HTMLElement }> {
  const testUtils = new TestUtils()
  await testUtils.mount(InteractionCard, { props: { onClose: () => undefined, ...props } })
  const card = await testUtils.queries.waitForQuerySelector('.interaction-card') as HTMLElement
  return { testUtils, card }
}

afterEach(() => { document.body.innerHTML = '' })

describe('InteractionCard', () => {
  it('shows an event of a type it does not know as a welcome card', async () => {
    const { card } = await mount({ event: event({ type: 'quiz' as InteractionEvent['type'], text: '你好' }) })
    expect(card.className).toContain('interaction-card--welcome')
    expect(card.textContent).toContain('你好')
  })

  it('says a video event without a video is not available', async () => {
    const { card } = await mount({ event: event({ type: 'video', video_url: null }) })
    expect(card.querySelector('taro-video-core')).toBeNull()
    expect(card.querySelector('.interaction-card__missing')?.textContent).toBe('视频暂不可用')
  })

  it('shows no price for a product without a usable one', async () => {
    const { card } = await mount({ event: event({ type: 'product', price: -5 }) })
    expect(card.querySelector('.interaction-card__price')).toBeNull()
  })

  it('leaves out an image that cannot be loaded', async () => {
    const { card } = await mount({ event: event({ image: 'javascript:alert(1)' }) })
    expect(card.querySelector('.interaction-card__image')).toBeNull()
  })

  it('tells its owner when the close button is pressed', async () => {
    const onClose = jest.fn()
    const { testUtils, card } = await mount({ event: event({}), onClose })
    testUtils.fireEvent.click(card.querySelector('.interaction-card__close') as Element)
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
