/**
 * Real-time chat across processes, in real Chromium: a member on a second server process sees
 * the same conversation live. Two product processes (one PostgreSQL schema, one Redis
 * prefix, one DATA_DIR, each serving the built H5 bundle) and two phones (390×844): member
 * A opens server 832828's 大厅 on node 1, member B the same channel on node 2. Messages
 * cross within a second both ways, typing shows, an edit, a deletion and a reaction
 * arrive. Then B's node is killed: B's page is bound to its origin, so it says 正在重新连接…
 * until the node is back on the same port, and then holds what A wrote meanwhile, each
 * message once. Runs in the multi-node pass (e2e/multi-node.jest.config.js); on failure
 * both phones' screenshots and console logs land in e2e/artifacts/.
 */
import { sharedBrowser } from './support/app'
import { withArtifacts } from './support/browser'
import { LIVE_WITHIN_MS, composer, joinedMember, messagesWith, openActions, send, type ChatMember } from './support/chat'
import { killNode, newCluster, startNode, stopCluster, type ClusterNode } from './support/cluster'

const browser = sharedBrowser()
const cluster = newCluster({ serveH5: true })
/** The killed page's socket closes at once; the indicator shows with the page's next render. */
const DROP_NOTICED_MS = 10_000
/**
 * From the node's restart to the missed messages on the page: the client retries with
 * doubling delays (1 s, 2 s, 4 s, 8 s, 16 s ceilings, half of each random) while the node is
 * down, so the attempt after it is back can come up to 16 s later.
 */
const CAUGHT_UP_MS = 40_000

let one: ClusterNode
let two: ClusterNode

beforeAll(async () => {
  // one after the other: the first migrates and seeds the fresh schema
  one = await startNode(cluster, 'node 1')
  two = await startNode(cluster, 'node 2')
}, 90_000)

afterAll(async () => {
  await stopCluster(cluster)
}, 30_000)

/** A on node 1 and B on node 2, both in the channel as fresh members; both phones' artifacts on failure. */
async function conversation (name: string, run: (a: ChatMember, b: ChatMember) => Promise<void>): Promise<void> {
  const a = await joinedMember(browser(), 'phone', one.url)
  const b = await joinedMember(browser(), 'phone', two.url)
  await withArtifacts(`${name}-b-node-2`, b.tracked, () => withArtifacts(`${name}-a-node-1`, a.tracked, () => run(a, b)))
}

/** Sends `text` from `from` and waits until `to` shows it; returns how long that took. */
async function sendAndSee (from: ChatMember, to: ChatMember, text: string): Promise<number> {
  await send(from.page, text)
  const start = Date.now()
  await messagesWith(to.page, text).waitFor({ timeout: LIVE_WITHIN_MS })
  return Date.now() - start
}

describe('chat across two server processes', () => {
  it('members on different processes talk live: messages both ways within a second, typing, an edit, a deletion, a reaction', async () => {
    await conversation('multi-node-chat-live', async (a, b) => {
      const typingOn = (member: ChatMember) => member.page.locator('.chat-view__typing').filter({ hasText: '正在输入' })
      await composer(b.page).fill('正在写')
      await typingOn(a).waitFor()
      await composer(b.page).fill('')
      await composer(a.page).fill('我也在写')
      await typingOn(b).waitFor()
      await composer(a.page).fill('')

      const stamp = Date.now().toString(36)
      const hello = `你好，二号进程 ${stamp}`
      expect(await sendAndSee(a, b, hello)).toBeLessThan(LIVE_WITHIN_MS)
      const answer = `一号进程你好 ${stamp}`
      expect(await sendAndSee(b, a, answer)).toBeLessThan(LIVE_WITHIN_MS)

      // A's reaction on B's message (a long press, then a tap on 👍), highlighted as A's own
      await openActions(a.page, answer, 'long-press')
      await a.page.locator('.chat-message__action--emoji', { hasText: '👍' }).tap()
      await messagesWith(a.page, answer).locator('.chat-message__reaction--mine', { hasText: '👍 1' }).waitFor()
      await messagesWith(b.page, answer).locator('.chat-message__reaction', { hasText: '👍 1' }).waitFor()

      // A's edit through node 1 reaches B on node 2
      await openActions(a.page, hello, 'long-press')
      await a.page.locator('.chat-message__action', { hasText: '编辑' }).tap()
      await composer(a.page).fill(`${hello}（改过）`)
      await a.page.locator('.chat-composer__send').filter({ visible: true }).click()
      await messagesWith(b.page, `${hello}（改过）`).locator('.chat-message__edited').waitFor()

      // B's deletion through node 2 reaches A on node 1
      await openActions(b.page, answer, 'long-press')
      await b.page.locator('.chat-message__action', { hasText: '删除' }).tap()
      await b.page.getByText('确定').filter({ visible: true }).first().click()
      await messagesWith(a.page, answer).waitFor({ state: 'detached' })
      await messagesWith(b.page, answer).waitFor({ state: 'detached' })
    })
  })

  it('a member whose process is killed sees 正在重新连接…, and once it is back catches up with nothing lost or twice', async () => {
    await conversation('multi-node-chat-restart', async (a, b) => {
      const stamp = Date.now().toString(36)
      const before = `重启之前 ${stamp}`
      await sendAndSee(a, b, before)

      await killNode(two)
      const reconnecting = b.page.locator('.chat-view__connection').filter({ hasText: '正在重新连接…' })
      await reconnecting.waitFor({ timeout: DROP_NOTICED_MS })

      const missed = [1, 2, 3].map(n => `节点停机时第${n}条 ${stamp}`)
      for (const text of missed) {
        await send(a.page, text)
        await messagesWith(a.page, text).locator('.chat-message__state').waitFor({ state: 'detached' })
      }
      expect(await reconnecting.isVisible()).toBe(true)

      two = await startNode(cluster, 'node 2 (restarted)', two.port)
      for (const text of missed) await messagesWith(b.page, text).waitFor({ timeout: CAUGHT_UP_MS })
      await b.page.locator('.chat-view__connection').waitFor({ state: 'detached' })
      await b.page.waitForTimeout(500) // a late duplicate would show by now
      for (const text of [before, ...missed]) expect(await messagesWith(b.page, text).count()).toBe(1)

      // and the conversation goes on through the restarted process: the first message reaches A (the restarted
      // process's first write opens its pools and compiles its routes, seconds on a loaded machine), the next one live
      await send(b.page, `重启之后 ${stamp}`)
      await messagesWith(a.page, `重启之后 ${stamp}`).waitFor({ timeout: CAUGHT_UP_MS })
      expect(await sendAndSee(b, a, `重启之后又一条 ${stamp}`)).toBeLessThan(LIVE_WITHIN_MS)
    })
  }, 150_000)
})
