/**
 * Signing a seeded account in for an e2e test: no API signs the demo accounts in, so a
 * session is written straight into the running product's SQLite file (with the server's
 * own `newSession`), and the page's app is given that login in place of the guest it
 * signed in by itself.
 */
import Database from 'better-sqlite3'
import path from 'path'
import type { Page } from 'playwright-core'
import { newSession } from '../../server/src/repositories/users'
import type { RunningProduct } from './product'

/** A signed-in seeded account: its bearer token and its user row as the app keeps it. */
export interface SeededLogin {
  token: string
  user: Record<string, unknown>
}

/** Writes a session for seeded account `uid` into `product`'s database and returns its login. */
export function signInSeeded (product: RunningProduct, uid: string): SeededLogin {
  const { token, row } = newSession(uid, Math.floor(Date.now() / 1000))
  const db = new Database(path.join(product.dataDir, 'openrealm.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    const columns = Object.keys(row)
    db.prepare(`insert into sessions (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`).run(...Object.values(row))
    const user = db.prepare('select uid, user_type, addtime, nickname, avatar, signature, gender from users where uid = ?').get(uid) as Record<string, unknown>
    return { token, user }
  } finally {
    db.close()
  }
}

/**
 * Once the page's app has kept its own guest login, puts `login` in its place (Taro keeps
 * `{data: <JSON text>}` under `…:login`) and shows the page again, signed in as `login`.
 */
export async function switchLogin (page: Page, login: SeededLogin): Promise<void> {
  await page.waitForFunction(() => Object.keys(localStorage).some(key => key.endsWith(':login')))
  const stored = JSON.stringify({ data: JSON.stringify(login) })
  await page.evaluate(text => {
    for (const key of Object.keys(localStorage)) if (key.endsWith(':login')) localStorage.setItem(key, text)
  }, stored)
  await page.reload()
}
