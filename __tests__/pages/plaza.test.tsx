import Taro from '@tarojs/taro'
import PlazaPage from '@/pages/plaza/index'
import type { RootStore } from '@/stores/root-store'
import { mountPage, unmountPages } from '../support/page-harness'
import { user } from '../stores/support/fakes'
import { answer, fakePlazaApi, gameView, gomokuView, playingTable, seat, table } from '../stores/plaza/plaza-fakes'

const ME = user({ uid: 'u1', nickname: '阿宁' })
const GAMES = [
  { game: 'gomoku' as const, seats_min: 2, seats_max: 2, seats_default: 2 },
  { game: 'spy' as const, seats_min: 4, seats_max: 8, seats_default: 6 },
]

let navigateTo: jest.SpyInstance
beforeEach(() => {
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
})

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

async function openPlaza (params: Record<string, string>, plaza = fakePlazaApi()) {
  const page = await mountPage(PlazaPage, {
    params: { channel_id: 'c-plaza', server_id: '723658', ...params }, plaza, signedIn: ME, now: 10_000,
    beforeMount: (root: RootStore) => { root.session.restore() },
  })
  await page.settle()
  return { page, plaza }
}

describe('the plaza page', () => {
  it('lists the games on offer with their seats and the open tables with who sits, live', async () => {
    const plaza = fakePlazaApi()
    plaza.lobby.mockResolvedValue({ games: GAMES, items: [playingTable({ seats: [seat(0, 'u1', { nickname: '阿宁' }), seat(1, 'u2', { nickname: '小周' })], watchers: 3 })] })
    const { page } = await openPlaza({}, plaza)
    expect(plaza.lobby).toHaveBeenCalledWith('c-plaza')
    expect(document.querySelector('[data-testid="plaza-game-spy"]')?.textContent).toContain('谁是卧底4–8 人')
    const row = document.querySelector('[data-testid="plaza-table-t1"]')?.textContent ?? ''
    expect(row).toContain('五子棋')
    expect(row).toContain('对局中')
    expect(row).toContain('阿宁')
    expect(row).toContain('2/2 人')
    expect(row).toContain('3 人在看')
    await page.tap('[data-testid="plaza-table-t1"]')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/plaza/index?server_id=723658&channel_id=c-plaza&table_id=t1' })
  })

  it('says so when no table is open', async () => {
    const plaza = fakePlazaApi()
    plaza.lobby.mockResolvedValue({ games: GAMES, items: [] })
    const { page } = await openPlaza({}, plaza)
    expect(page.text()).toContain('还没有牌桌，创建一张吧')
  })

  it('creates a table from the sheet (game, seats, access, timer) and opens it', async () => {
    const plaza = fakePlazaApi()
    plaza.lobby.mockResolvedValue({ games: GAMES, items: [] })
    plaza.createTable.mockResolvedValue(answer(table({ table_id: 't9', game: 'spy' })))
    const { page } = await openPlaza({}, plaza)
    await page.tap('[data-testid="plaza-game-spy"] .plaza-lobby__create')
    await page.tap('[data-testid="plaza-create-seats"] .plaza-sheet__choice', '5 人')
    await page.tap('[data-testid="plaza-create-access"] .plaza-sheet__choice', '仅邀请')
    await page.tap('[data-testid="plaza-create-timer"] .plaza-sheet__choice', '30 秒')
    await page.tap('[data-testid="plaza-create-submit"]')
    await page.settle()
    expect(plaza.createTable).toHaveBeenCalledWith('c-plaza', { game: 'spy', seats: 5, access: 'invite', turn_seconds: 30 })
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/plaza/index?server_id=723658&channel_id=c-plaza&table_id=t9' })
  })

  it('shows a table with its seats, the turn counting down and the board; a tap plays there', async () => {
    const plaza = fakePlazaApi()
    const seats = [seat(0, 'u1', { nickname: '阿宁' }), seat(1, 'u2', { nickname: '小周', away_until: 40_000 })]
    plaza.table.mockResolvedValue(answer(playingTable({ seats }), gameView('gomoku', gomokuView())))
    plaza.move.mockResolvedValue(answer(playingTable({ seats, version: 3, turn: { seats: [1], deadline: 90_000 } })))
    const { page } = await openPlaza({ table_id: 't1' }, plaza)
    expect(plaza.table).toHaveBeenCalledWith('t1', undefined)
    expect(document.querySelector('[data-testid="plaza-seat-1"]')?.textContent).toContain('掉线 · 30 秒')
    expect(document.querySelector('[data-testid="plaza-turn"]')?.textContent).toBe('轮到你了剩 60 秒')
    await page.tap('[data-testid="cell-7-7"]')
    await page.settle()
    expect(plaza.move).toHaveBeenCalledWith('t1', expect.objectContaining({ version: 2, move: { x: 7, y: 7 } }))
    expect(document.querySelector('[data-testid="plaza-turn"]')?.textContent).toContain('等待 小周')
  })

  it('shows a watcher the result and who won, with no seat actions', async () => {
    const plaza = fakePlazaApi()
    const ended = playingTable({ status: 'ended', turn: null, seats: [seat(0, 'u7', { nickname: '老王' }), seat(1, 'u2', { nickname: '小周' })], result: { winners: ['u2'], losers: ['u7'], draw: false, how: 'five' } })
    plaza.table.mockResolvedValue(answer(ended, gameView('gomoku', gomokuView({ next: null }), { seat: null, turn: null })))
    await openPlaza({ table_id: 't1' }, plaza)
    expect(document.querySelector('[data-testid="plaza-result"]')?.textContent).toBe('小周 获胜 · 五子连珠')
    expect(document.querySelector('[data-testid="plaza-watching"]')).not.toBeNull()
    expect(document.querySelector('[data-testid="plaza-rematch"]')).toBeNull()
    expect(document.querySelector('[data-testid="plaza-stand"]')).toBeNull()
  })

  it('lets a seated player say ready at a waiting table', async () => {
    const plaza = fakePlazaApi()
    plaza.table.mockResolvedValue(answer(table()))
    plaza.ready.mockResolvedValue(answer(table({ version: 2, seats: [seat(0, 'u1', { ready: true }), seat(1, null)] })))
    const { page } = await openPlaza({ table_id: 't1' }, plaza)
    expect(page.text()).toContain('所有座位坐满并准备后开始')
    await page.tap('[data-testid="plaza-ready"]')
    await page.settle()
    expect(plaza.ready).toHaveBeenCalledWith('t1', true)
    expect(document.querySelector('[data-testid="plaza-seat-0"]')?.textContent).toContain('已准备')
    expect(document.querySelector('[data-testid="plaza-ready"]')?.textContent).toBe('取消准备')
  })
})
