import { isBotRole, isTrainingChannelRole } from '@core/domain/role'

describe('isBotRole (SPEC §3, §6)', () => {
  it('says a role of type 1 is a bot role', () => {
    expect(isBotRole({ type: 1 })).toBe(true)
  })

  it('says a role of another type is not a bot role', () => {
    expect(isBotRole({ type: 0 })).toBe(false)
  })
})

describe('isTrainingChannelRole (SPEC §3, §6)', () => {
  it('says a role with join_role marks a training channel', () => {
    expect(isTrainingChannelRole({ join_role: 'ch_training' })).toBe(true)
  })

  it('says a role without join_role does not', () => {
    expect(isTrainingChannelRole({ join_role: null })).toBe(false)
  })

  it('says a blank join_role does not mark a training channel', () => {
    expect(isTrainingChannelRole({ join_role: '  ' })).toBe(false)
  })
})
