import { DM_REACH_LIMITS, dmReachTierOf, NEW_ACCOUNT_SECONDS } from '@core/domain/dm-reach'

const NOW = 1_800_000_000

describe('dmReachTierOf', () => {
  it('puts a guest in the guest tier whatever its age', () => {
    expect(dmReachTierOf({ uid: 'B_1001', addtime: 0 }, NOW)).toBe('guest')
  })

  it('calls an account younger than a week new', () => {
    expect(dmReachTierOf({ uid: '1001', addtime: NOW - NEW_ACCOUNT_SECONDS + 1 }, NOW)).toBe('new')
  })

  it('calls an account a week old or older established', () => {
    expect(dmReachTierOf({ uid: '1001', addtime: NOW - NEW_ACCOUNT_SECONDS }, NOW)).toBe('established')
  })
})

describe('DM_REACH_LIMITS', () => {
  it('lets a guest reach less than a new account, and a new account less than an established one', () => {
    const { guest, new: fresh, established } = DM_REACH_LIMITS
    expect(guest.conversationsPerHour).toBeLessThan(fresh.conversationsPerHour)
    expect(fresh.conversationsPerHour).toBeLessThan(established.conversationsPerHour)
    expect(guest.newRecipientsPerHour).toBeLessThan(fresh.newRecipientsPerHour)
    expect(fresh.newRecipientsPerHour).toBeLessThan(established.newRecipientsPerHour)
  })

  it('keeps a guest from filling a group of ten with strangers in one hour', () => {
    expect(DM_REACH_LIMITS.guest.newRecipientsPerHour).toBeLessThan(9)
  })
})
