import { bytesInWords } from '../../src/services/quotas'

describe('sizes in the words a quota refusal uses', () => {
  it.each([
    [0, '0 B'], [512, '512 B'], [1024, '1 KiB'], [1536, '1.5 KiB'], [100 * 1024 * 1024, '100 MiB'], [3 * 1024 ** 4, '3 TiB'], [5 * 1024 ** 5, '5120 TiB'],
  ])('writes %i bytes as %s', (bytes, words) => {
    expect(bytesInWords(bytes)).toBe(words)
  })
})
