import { disabledIf } from '@/utils/disabled-if'

describe('disabledIf', () => {
  it('disables a button when the condition holds and leaves the attribute out otherwise (never disabled="false")', () => {
    expect([disabledIf(true), disabledIf(false)]).toEqual([true, undefined])
  })
})
