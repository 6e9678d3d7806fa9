import { randomNonce } from '@/stores/support/random-nonce'

describe('randomNonce', () => {
  it('makes 16 base-36 characters', () => {
    expect(randomNonce()).toMatch(/^[0-9a-z]{16}$/)
  })
})
