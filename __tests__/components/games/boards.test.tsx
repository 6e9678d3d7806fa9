import TestUtils from '@tarojs/test-utils-react'
import { GomokuGame, ReversiGame } from '@/components/games/board-game'
import type { ReversiView } from '@core/domain/games/views'
import { emptyBoard, gomokuView } from '../../stores/plaza/plaza-fakes'

afterEach(() => {
  document.body.innerHTML = ''
})

/** A reversi opening: the four centre discs, black to move with its four legal squares. */
function reversiView (overrides: Partial<ReversiView> = {}): ReversiView {
  const board = emptyBoard(8)
  board[27] = 1
  board[28] = 0
  board[35] = 0
  board[36] = 1
  return { size: 8, board, next: 0, last: null, legal: [{ x: 3, y: 2 }, { x: 2, y: 3 }, { x: 5, y: 4 }, { x: 4, y: 5 }], discs: [2, 2], passed: null, ...overrides }
}

const cell = (x: number, y: number) => document.querySelector(`[data-testid="cell-${x}-${y}"]`) as HTMLElement

describe('the gomoku board', () => {
  it('plays a tap on a free point as a move there', async () => {
    const onMove = jest.fn()
    const testUtils = new TestUtils()
    await testUtils.mount(GomokuGame, { props: { view: gomokuView(), names: ['阿宁', '小周'], canMove: true, onMove } })
    await testUtils.queries.waitForQuerySelector('[data-testid="gomoku"]')
    expect(document.querySelectorAll('.game-board__cell')).toHaveLength(225)
    testUtils.act(() => { cell(7, 3).click() })
    expect(onMove).toHaveBeenCalledWith({ x: 7, y: 3 })
  })

  it('takes no tap on a stone, nor any while it is not the member\'s turn, and marks the last stone', async () => {
    const onMove = jest.fn()
    const board = gomokuView().board.map((value, index) => index === 0 ? 0 : value)
    const testUtils = new TestUtils()
    await testUtils.mount(GomokuGame, { props: { view: gomokuView({ board, last: { x: 0, y: 0 } }), names: ['阿宁', '小周'], canMove: true, onMove } })
    await testUtils.queries.waitForQuerySelector('[data-testid="gomoku"]')
    testUtils.act(() => { cell(0, 0).click() })
    expect(onMove).not.toHaveBeenCalled()
    expect(cell(0, 0).querySelector('.game-board__stone--last.game-board__stone--black')).not.toBeNull()
  })

  it('names the side to move', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(GomokuGame, { props: { view: gomokuView({ next: 1 }), names: ['阿宁', '小周'], canMove: false, onMove: jest.fn() } })
    const next = await testUtils.queries.waitForQuerySelector('.board-game__side--next')
    expect(next?.textContent).toContain('小周')
  })
})

describe('the reversi board', () => {
  it('marks the legal squares and plays a tap on one', async () => {
    const onMove = jest.fn()
    const testUtils = new TestUtils()
    await testUtils.mount(ReversiGame, { props: { view: reversiView(), names: ['阿宁', '小周'], canMove: true, onMove } })
    await testUtils.queries.waitForQuerySelector('[data-testid="reversi"]')
    expect(document.querySelectorAll('.game-board__cell--legal')).toHaveLength(4)
    testUtils.act(() => { cell(0, 0).click() })
    expect(onMove).not.toHaveBeenCalled()
    testUtils.act(() => { cell(3, 2).click() })
    expect(onMove).toHaveBeenCalledWith({ x: 3, y: 2 })
  })

  it('shows each side\'s discs and marks nothing while the member waits', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(ReversiGame, { props: { view: reversiView({ discs: [3, 1], passed: 1 }), names: ['阿宁', '小周'], canMove: false, onMove: jest.fn() } })
    await testUtils.queries.waitForQuerySelector('[data-testid="reversi"]')
    expect(document.querySelectorAll('.game-board__cell--legal')).toHaveLength(0)
    expect([...document.querySelectorAll('.board-game__count')].map(count => count.textContent)).toEqual(['3', '1'])
    expect(document.body.textContent).toContain('小周 无处可下，跳过一手')
  })
})
