/**
 * The game plaza (SPEC §4 type 10, core/wire/plaza.ts) in real Chromium against the real
 * product, played by seeded members of server 832828 in its 游戏广场 channel: 林晓 and Alex
 * play a whole game of 五子棋 to five in a row while 周末 watches every move; the result
 * shows on all three screens and its card in 大厅 (the chat the table was invited into);
 * the rematch turns the seats. Four members play a round of 谁是卧底: each screen, and each
 * gateway frame its page receives, holds only its own word until the reveal, and the vote
 * decides. A player whose page closes mid-game is away (the opponent sees the countdown),
 * and on coming back resumes the very position. Screenshots of the lobby and a table go to
 * PLAZA_SCREENSHOTS (a tmp folder) when it is set.
 */
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage, screenshotsAtBothSizes, withArtifacts, type TrackedPage, type ViewportName } from './support/browser'
import { CHAT_CHANNEL_PAGE } from './support/chat'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded, switchLogin, type SeededLogin } from './support/sessions'

const SERVER = '832828'
/** The seeded game plaza channel of server 832828 (游戏广场) and its waiting 五子棋 table (林晓 in seat 0). */
const PLAZA = '83282812'
const SEEDED_TABLE = `plaza-${SERVER}-gomoku`
/** 林晓 (the owner), Alex, 周末, Mia. */
const LIN = { uid: '100001', name: '林晓' }
const ALEX = { uid: '100002', name: 'Alex' }
const ZHOU = { uid: '100003', name: '周末' }
const MIA = { uid: '100004', name: 'Mia' }
/** How long a move may take to show on another screen here (a loaded machine; the bench holds the real budget). */
const SEE_MS = 10_000

jest.setTimeout(150_000)

let product: RunningProduct
let browser: Browser

beforeAll(async () => {
  product = await startProduct()
  browser = await launchBrowser()
}, 90_000)
afterAll(async () => {
  await browser?.close()
  if (product) await stopProduct(product)
})

/** A member's page on the plaza with the gateway frames it received. */
interface Member {
  uid: string
  name: string
  login: SeededLogin
  tracked: TrackedPage
  page: Page
  frames: string[]
}

function pathOfTable (tableId: string): string {
  return `/pages/plaza/index?sid=${SERVER}&channel_id=${PLAZA}&table_id=${tableId}`
}

/** Opens `path` as the seeded member, recording every gateway frame the page receives. */
async function open (who: { uid: string, name: string }, path: string, viewport: ViewportName = 'phone', login?: SeededLogin): Promise<Member> {
  const tracked = await openPage(browser, viewport)
  const frames: string[] = []
  tracked.page.on('websocket', socket => socket.on('framereceived', frame => frames.push(String(frame.payload))))
  await tracked.page.goto(`${product.url}${path}`)
  const signedIn = login ?? signInSeeded(product, who.uid)
  await switchLogin(tracked.page, signedIn)
  return { ...who, login: signedIn, tracked, page: tracked.page, frames }
}

/** An HTTP call of the plaza as `token` (for what the test sets up rather than shows). */
async function call<T> (method: string, url: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = await response.json() as { code: number, msg: string, data: T }
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${envelope.msg}`)
  return envelope.data
}

interface TableAnswer { table: { table_id: string, version: number, seats: Array<{ uid: string | null }> }, view: { seat: number | null } | null }

/** Runs `body` with failure artifacts for each member's page, closing them all afterwards. */
async function withMembers (name: string, members: Member[], body: () => Promise<void>): Promise<void> {
  let run: () => Promise<void> = body
  for (const member of members) {
    const inner = run
    run = () => withArtifacts(`plaza-${name}-${member.uid}`, member.tracked, inner)
  }
  await run()
}

function visible (page: Page, selector: string) {
  return page.locator(selector).filter({ visible: true }).first()
}

/**
 * Taps the table's button `testId` once it is enabled: the seat taken shows through the
 * gateway before the sit's own answer, and until then the buttons are greyed (Taro's
 * <taro-button-core disabled>, which Playwright does not count as disabled, ignores a tap).
 */
async function tap (page: Page, testId: string): Promise<void> {
  await visible(page, `[data-testid="${testId}"]:not([disabled])`).click()
}

async function seeIn (page: Page, selector: string, text: string, timeout = SEE_MS): Promise<void> {
  await page.locator(selector, { hasText: text }).filter({ visible: true }).first().waitFor({ timeout })
}

/** A stone of `colour` on point (x, y) of the page's board. */
function stone (page: Page, x: number, y: number, colour: 'black' | 'white') {
  return page.locator(`[data-testid="cell-${x}-${y}"] .game-board__stone--${colour}`).filter({ visible: true })
}

/** `mover` plays (x, y) on its turn; every page in `seeing` shows the stone. */
async function play (mover: Member, x: number, y: number, colour: 'black' | 'white', seeing: Member[]): Promise<void> {
  await visible(mover.page, '.plaza-table__line--mine').waitFor({ timeout: SEE_MS })
  await visible(mover.page, `[data-testid="cell-${x}-${y}"]`).click()
  for (const member of [mover, ...seeing]) await stone(member.page, x, y, colour).waitFor({ timeout: SEE_MS })
}

/**
 * Sits down (when `sit`) and says ready on the table page, each tap once the one before it
 * was answered (see {@link tap}): ready shows 取消准备, or the game
 * started.
 */
async function sitAndReady (member: Member, sit: boolean): Promise<void> {
  if (sit) await tap(member.page, 'plaza-sit')
  await tap(member.page, 'plaza-ready')
  await visible(member.page, '[data-testid="plaza-ready"]:has-text("取消准备"), [data-testid="plaza-turn"]').waitFor({ timeout: SEE_MS })
}

test('两人下完一局五子棋，观战者看到每一步；结果与聊天里的结果卡；再来一局换座', async () => {
  const lin = await open(LIN, `/pages/plaza/index?sid=${SERVER}&channel_id=${PLAZA}`, 'desktop')
  const alex = await open(ALEX, pathOfTable(SEEDED_TABLE))
  const zhou = await open(ZHOU, pathOfTable(SEEDED_TABLE))
  await withMembers('gomoku', [lin, alex, zhou], async () => {
    // the lobby lists the seeded table; 林晓 opens it from there
    await lin.page.setViewportSize({ width: 1440, height: 900 })
    await seeIn(lin.page, '.plaza-lobby__table', LIN.name)
    await screenshotsAtBothSizes(lin.page, 'PLAZA_SCREENSHOTS', 'plaza', 'lobby', 800)
    await visible(lin.page, '.plaza-lobby__table').click()
    await visible(lin.page, '[data-testid="plaza-table"]').waitFor()
    // invited into 大厅: the result card goes there too
    await tap(lin.page, 'plaza-invite-open')
    await lin.page.locator('.plaza-sheet__choice', { hasText: '大厅' }).filter({ visible: true }).first().click()
    await visible(zhou.page, '[data-testid="plaza-watching"]').waitFor()

    await sitAndReady(alex, true)
    await sitAndReady(lin, false)
    for (const member of [lin, alex, zhou]) await visible(member.page, '[data-testid="plaza-turn"]').waitFor({ timeout: SEE_MS })

    // 林晓 (seat 0, black) makes five across row 7; Alex answers on row 8
    for (let step = 0; step < 4; step += 1) {
      await play(lin, 3 + step, 7, 'black', [alex, zhou])
      if (step === 1) await screenshotsAtBothSizes(zhou.page, 'PLAZA_SCREENSHOTS', 'plaza', 'table-watcher', 800)
      await play(alex, 3 + step, 8, 'white', [lin, zhou])
    }
    await play(lin, 7, 7, 'black', [alex, zhou])
    await seeIn(lin.page, '[data-testid="plaza-result"]', '你赢了')
    await seeIn(alex.page, '[data-testid="plaza-result"]', '你输了')
    await seeIn(zhou.page, '[data-testid="plaza-result"]', `${LIN.name} 获胜`)
    expect(await zhou.page.locator('[data-testid="plaza-result"]').filter({ visible: true }).innerText()).not.toMatch(/你赢了|你输了/)
    expect(await lin.page.locator('.game-board__stone--lit').filter({ visible: true }).count()).toBe(5)
    await screenshotsAtBothSizes(lin.page, 'PLAZA_SCREENSHOTS', 'plaza', 'table-result', 800)

    // the result card in 大厅, for the watcher who opens the chat
    await zhou.page.goto(`${product.url}${CHAT_CHANNEL_PAGE}`)
    await seeIn(zhou.page, '[data-testid="plaza-card-result"]', `${LIN.name} 获胜`, 15_000)

    // the rematch turns the seats: Alex now holds seat 0 (black) and moves first
    await tap(lin.page, 'plaza-rematch')
    await seeIn(alex.page, '[data-testid="plaza-seat-0"]', ALEX.name)
    await seeIn(alex.page, '[data-testid="plaza-seat-1"]', LIN.name)
    await sitAndReady(alex, false)
    await sitAndReady(lin, false)
    await play(alex, 7, 7, 'black', [lin])
    await play(lin, 8, 8, 'white', [alex])
  })
})

test('谁是卧底：四人各自只看到自己的词（页面与网关帧），投票决定胜负', async () => {
  const host = signInSeeded(product, LIN.uid)
  const created = await call<TableAnswer>('POST', `/channels/${PLAZA}/tables`, host.token, { game: 'spy', seats: 4 })
  const tableId = created.table.table_id
  const players: Member[] = []
  for (const who of [LIN, ALEX, ZHOU, MIA]) players.push(await open(who, pathOfTable(tableId), 'phone', who === LIN ? host : undefined))
  await withMembers('spy', players, async () => {
    for (const player of players) await visible(player.page, '[data-testid="plaza-table"]').waitFor()
    for (const player of players.slice(1)) {
      await tap(player.page, 'plaza-sit')
      await visible(player.page, '[data-testid="plaza-ready"]').waitFor()
    }
    for (const player of players) await sitAndReady(player, false)
    const words: string[] = []
    for (const player of players) {
      await visible(player.page, '.spy-game__word-text').waitFor({ timeout: SEE_MS })
      words.push((await visible(player.page, '.spy-game__word-text').innerText()).trim())
    }
    const distinct = [...new Set(words)]
    expect(distinct).toHaveLength(2)
    const spyIndex = words.findIndex(word => words.filter(other => other === word).length === 1)
    expect(spyIndex).toBeGreaterThanOrEqual(0)
    const seats = (await call<TableAnswer>('GET', `/tables/${tableId}`, host.token)).table.seats.map(seat => seat.uid)
    const seatOf = (player: Member) => seats.indexOf(player.uid)

    /** Neither the page's text nor any frame about the table holds a word that is not the member's. */
    const assertOwnWordOnly = async () => {
      for (const [index, player] of players.entries()) {
        const other = distinct.find(word => word !== words[index]) as string
        const text = await player.page.evaluate(() => document.body.innerText)
        expect(text).toContain(words[index])
        expect(text).not.toContain(other)
        const aboutTable = player.frames.filter(frame => frame.includes(tableId))
        expect(aboutTable.length).toBeGreaterThan(0)
        for (const frame of aboutTable) expect(frame).not.toContain(other)
      }
    }
    await assertOwnWordOnly()
    await screenshotsAtBothSizes(players[0].page, 'PLAZA_SCREENSHOTS', 'plaza', 'spy', 800)

    // each describes on their turn (whoever's screen offers the input)
    for (let said = 0; said < players.length; said += 1) {
      const speaker = await whoseInput(players)
      await visible(speaker.page, '.spy-game__input input').fill(`线索${said + 1}`)
      await tap(speaker.page, 'spy-describe')
      for (const player of players) await seeIn(player.page, '.spy-game__said', `线索${said + 1}`)
    }
    await assertOwnWordOnly()

    // the vote: three civilians vote the spy out, the spy votes for a civilian
    const spy = players[spyIndex]
    const civilians = players.filter(player => player !== spy)
    await tap(spy.page, `spy-vote-${seatOf(civilians[0])}`)
    for (const civilian of civilians) await tap(civilian.page, `spy-vote-${seatOf(spy)}`)
    await seeIn(spy.page, '[data-testid="plaza-result"]', '你输了')
    for (const civilian of civilians) await seeIn(civilian.page, '[data-testid="plaza-result"]', '你赢了')
    // the reveal: now every word shows
    for (const word of distinct) await seeIn(spy.page, '.spy-game__seats', word)
  })
})

/** The player whose screen offers the describe input now. */
async function whoseInput (players: Member[]): Promise<Member> {
  const deadline = Date.now() + SEE_MS
  while (Date.now() < deadline) {
    for (const player of players) {
      if (await player.page.locator('.spy-game__describe').filter({ visible: true }).count() > 0) return player
    }
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error('nobody was offered to describe')
}

test('掉线的玩家回来后接着原来的局面下', async () => {
  const mia = signInSeeded(product, MIA.uid)
  const zhouLogin = signInSeeded(product, ZHOU.uid)
  const created = await call<TableAnswer>('POST', `/channels/${PLAZA}/tables`, mia.token, { game: 'gomoku' })
  const tableId = created.table.table_id
  await call('POST', `/tables/${tableId}/seats`, zhouLogin.token, {})
  const miaPage = await open(MIA, pathOfTable(tableId), 'phone', mia)
  const zhouPage = await open(ZHOU, pathOfTable(tableId), 'desktop', zhouLogin)
  await withMembers('reconnect', [miaPage], async () => {
    await withArtifacts('plaza-reconnect-zhou', zhouPage.tracked, async () => {
      await sitAndReady(miaPage, false)
      await sitAndReady(zhouPage, false)
      await play(miaPage, 7, 7, 'black', [zhouPage])
      await play(zhouPage, 8, 7, 'white', [miaPage])
      await play(miaPage, 7, 8, 'black', [zhouPage])
      // 周末's page closes mid-game, their turn
      await zhouPage.page.close()
    })
    // Mia sees them away with the grace countdown
    const away = miaPage.page.locator('[data-testid="plaza-seat-1"] .plaza-table__mark--away').filter({ visible: true })
    await away.waitFor({ timeout: 20_000 })

    // 周末 opens the table again in a new page: the same position, their turn, and no longer away
    const back = await open(ZHOU, pathOfTable(tableId), 'phone', zhouLogin)
    await withArtifacts('plaza-reconnect-back', back.tracked, async () => {
      for (const [x, y, colour] of [[7, 7, 'black'], [8, 7, 'white'], [7, 8, 'black']] as const) {
        await stone(back.page, x, y, colour).waitFor({ timeout: SEE_MS })
      }
      expect(await back.page.locator('.game-board__stone').filter({ visible: true }).count()).toBe(3)
      await away.waitFor({ state: 'detached', timeout: SEE_MS })
      await play(back, 8, 8, 'white', [miaPage])
      await play(miaPage, 7, 9, 'black', [back])
    })
  })
})
