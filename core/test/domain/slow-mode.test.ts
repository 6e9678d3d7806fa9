import { Permission } from '@core/domain/permissions'
import { isSlowModeChoice, isSlowModeExempt, slowModeWaitFor, slowModeWaitSeconds } from '@core/domain/slow-mode'
import { SLOW_MODE_SECONDS_CHOICES } from '@core/wire/slow-mode-codes'

describe('slow mode', () => {
  it('offers off and 5 s up to 6 h, shortest first, the longest Discord\'s 21,600 s', () => {
    expect(SLOW_MODE_SECONDS_CHOICES).toEqual([0, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600])
  })

  it.each([[0, true], [5, true], [21600, true], [1, false], [7, false], [21601, false], [-5, false], [5.5, false], [Number.NaN, false]])('takes %p as a setting: %p', (seconds, taken) => {
    expect(isSlowModeChoice(seconds)).toBe(taken)
  })

  it.each([
    ['ManageMessages', Permission.ManageMessages, true],
    ['ManageChannels', Permission.ManageChannels, true],
    ['both', Permission.ManageMessages | Permission.ManageChannels | Permission.SendMessages, true],
    ['only SendMessages', Permission.SendMessages | Permission.ViewChannel, false],
    ['nothing', 0, false],
  ])('exempts a member holding %s: %p', (_, bits, exempt) => {
    expect(isSlowModeExempt(bits)).toBe(exempt)
  })

  it('lets a member send at once when slow mode is off or they have not sent yet', () => {
    expect(slowModeWaitSeconds(0, 100, 100)).toBe(0)
    expect(slowModeWaitSeconds(30, null, 100)).toBe(0)
  })

  it('counts the wait from the last send and ends it exactly when the interval has passed', () => {
    expect(slowModeWaitSeconds(30, 100, 100)).toBe(30)
    expect(slowModeWaitSeconds(30, 100, 118)).toBe(12)
    expect(slowModeWaitSeconds(30, 100, 130)).toBe(0)
    expect(slowModeWaitSeconds(30, 100, 5000)).toBe(0)
  })

  it('never waits a moderator, and waits a member as the rule says', () => {
    expect(slowModeWaitFor(Permission.ManageMessages, 21600, 100, 101)).toBe(0)
    expect(slowModeWaitFor(Permission.SendMessages, 21600, 100, 101)).toBe(21599)
  })
})
