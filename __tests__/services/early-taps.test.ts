import { EARLY_JOIN_GLOBAL } from '@core/wire/page-answers'
import { takeEarlyJoin } from '@/services/early-taps'

const scope = globalThis as Record<string, unknown>

afterEach(() => { delete scope[EARLY_JOIN_GLOBAL] })

describe('takeEarlyJoin', () => {
  it('says once that the first screen\'s 加入 was tapped before the app rendered', () => {
    scope[EARLY_JOIN_GLOBAL] = true
    expect([takeEarlyJoin(), takeEarlyJoin()]).toEqual([true, false])
  })

  it('says no when nothing was tapped, or something else was set there', () => {
    expect(takeEarlyJoin()).toBe(false)
    scope[EARLY_JOIN_GLOBAL] = 'yes'
    expect(takeEarlyJoin()).toBe(false)
    expect(EARLY_JOIN_GLOBAL in scope).toBe(false)
  })
})
