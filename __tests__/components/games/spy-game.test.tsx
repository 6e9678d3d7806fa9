import TestUtils from '@tarojs/test-utils-react'
import SpyGame from '@/components/games/spy-game'
import type { SpyView } from '@core/domain/games/views'

afterEach(() => {
  document.body.innerHTML = ''
})

const NAMES = ['阿宁', '小周', '老王', '大刘']

function spyView (overrides: Partial<SpyView> = {}): SpyView {
  return { phase: 'describe', round: 1, word: '苹果', alive: [0, 1, 2, 3], describing: 1, descriptions: [{ seat: 0, text: '红色的', skipped: false }], voted: [], rounds: [], reveal: null, ...overrides }
}

async function mount (props: Partial<Parameters<typeof SpyGame>[0]> = {}) {
  const onMove = jest.fn()
  const testUtils = new TestUtils()
  await testUtils.mount(SpyGame, { props: { view: spyView(), names: NAMES, mySeat: 1, canMove: false, busy: false, onMove, ...props } })
  await testUtils.queries.waitForQuerySelector('[data-testid="spy"]')
  return { onMove, testUtils }
}

describe('谁是卧底', () => {
  it('shows the member\'s own word prominently and no other', async () => {
    await mount()
    expect(document.querySelector('[data-testid="spy-word"]')?.textContent).toBe('你的词苹果')
    expect(document.body.textContent).toContain('红色的')
  })

  it('shows a watcher no word at all', async () => {
    await mount({ view: spyView({ word: null }), mySeat: null })
    expect(document.querySelector('[data-testid="spy-word"]')?.textContent).toBe('观战时看不到词')
  })

  it('offers a vote for every seat still in but the member\'s own, and says who voted and who is out', async () => {
    const { onMove, testUtils } = await mount({ view: spyView({ phase: 'vote', describing: null, alive: [0, 1, 2], voted: [2] }), canMove: true })
    expect([...document.querySelectorAll('[data-testid^="spy-vote-"]')].map(button => button.getAttribute('data-testid'))).toEqual(['spy-vote-0', 'spy-vote-2'])
    expect(document.querySelector('[data-testid="spy-seat-2"]')?.textContent).toContain('已投票')
    expect(document.querySelector('[data-testid="spy-seat-3"]')?.textContent).toContain('出局')
    testUtils.act(() => { (document.querySelector('[data-testid="spy-vote-2"]') as HTMLElement).click() })
    expect(onMove).toHaveBeenCalledWith({ vote: 2 })
  })

  it('reveals every word and the spy at the end', async () => {
    await mount({ view: spyView({ phase: 'over', describing: null, reveal: { words: ['苹果', '苹果', '梨', '苹果'], spy: 2 } }) })
    expect(document.querySelector('[data-testid="spy-seat-2"]')?.textContent).toContain('卧底')
    expect(document.querySelector('[data-testid="spy-seat-2"]')?.textContent).toContain('梨')
  })

  it('gives the describing member the input, and none to the others', async () => {
    await mount({ canMove: true })
    expect(document.querySelector('[data-testid="spy-describe"]')).not.toBeNull()
    document.body.innerHTML = ''
    await mount({ mySeat: 2, canMove: false })
    expect(document.querySelector('[data-testid="spy-describe"]')).toBeNull()
  })
})
