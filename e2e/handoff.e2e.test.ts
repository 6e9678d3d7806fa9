/**
 * A hand-off code in real Chromium (docs/voice.md): an H5 page opened with `?handoff=` — as
 * the mini-program's web-view opens the voice page — is signed in as the member who asked
 * for the code, and the code is gone from the address bar; the same URL opened again (a
 * reload, a copied link) signs nobody in as that member.
 */
import type { Page } from 'playwright-core'
import { journey, sharedBrowser, urlOf } from './support/app'
import { loginOf } from './support/chat'

const browser = sharedBrowser()

/** A new guest's uid and a hand-off code it asked for, straight from the HTTP API. */
async function guestWithCode (): Promise<{ uid: string, code: string }> {
  const guest = await (await fetch(urlOf('/auth/guest'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json() as { data: { token: string, user: { uid: string } } }
  const handoff = await (await fetch(urlOf('/auth/handoff'), { method: 'POST', headers: { authorization: `Bearer ${guest.data.token}` } })).json() as { data: { code: string } }
  return { uid: guest.data.user.uid, code: handoff.data.code }
}

/** Opens Me with `query` and waits until the app kept a login; resolves the uid Me shows. */
async function openMe (page: Page, query: string): Promise<string> {
  await page.goto(urlOf(`/pages/me/index?${query}`))
  const meta = page.locator('.me__meta').filter({ hasText: 'ID ' }).first()
  await meta.waitFor({ timeout: 30_000 })
  await page.waitForFunction(() => Object.keys(localStorage).some(key => key.endsWith(':login')))
  return /ID (\S+)/.exec(await meta.innerText())?.[1] ?? ''
}

describe('a hand-off code on H5', () => {
  it('signs the page in as the member who asked for it and leaves the address bar without it', async () => {
    const { uid, code } = await guestWithCode()
    await journey(browser(), 'handoff-signs-in', 'phone', async page => {
      expect(await openMe(page, `sid=832828&handoff=${code}`)).toBe(uid)
      expect((await loginOf(page)).uid).toBe(uid)
      const shown = new URL(page.url())
      expect(shown.searchParams.has('handoff')).toBe(false)
      expect(shown.searchParams.get('sid')).toBe('832828')
      // opened again without a code, the page stays signed in as the member (the login it kept)
      expect(await openMe(page, 'sid=832828')).toBe(uid)
    })
    await journey(browser(), 'handoff-works-once', 'phone', async page => {
      expect(await openMe(page, `sid=832828&handoff=${code}`)).not.toBe(uid)
    })
  })
})
