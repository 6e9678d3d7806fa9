/** The size of start-up indexing's batches: each takes about a slice of BACKFILL_SLICE_MS. */
import { BACKFILL_BATCH, BACKFILL_MIN_BATCH, BACKFILL_SLICE_MS as SLICES, nextBatchSize } from '../../src/search/backfill'

const BACKFILL_SLICE_MS = SLICES.sqlite

describe('nextBatchSize', () => {
  it('fits the next batch in the slice at the rate the last one went', () => {
    expect(nextBatchSize(200, 2 * BACKFILL_SLICE_MS, BACKFILL_SLICE_MS)).toBe(100)
    expect(nextBatchSize(100, BACKFILL_SLICE_MS, BACKFILL_SLICE_MS)).toBe(100)
  })

  it('grows at most twofold a batch, and never past BACKFILL_BATCH', () => {
    expect(nextBatchSize(40, BACKFILL_SLICE_MS / 10, BACKFILL_SLICE_MS)).toBe(80)
    expect(nextBatchSize(BACKFILL_BATCH, 0, BACKFILL_SLICE_MS)).toBe(BACKFILL_BATCH)
  })

  it('gives a longer slice more items', () => {
    expect(nextBatchSize(100, SLICES.sqlite, SLICES.postgres)).toBe(200)
    expect(SLICES.postgres).toBeGreaterThan(SLICES.sqlite)
  })

  it('keeps at least BACKFILL_MIN_BATCH items however slow a batch was', () => {
    expect(nextBatchSize(BACKFILL_MIN_BATCH, 1000, BACKFILL_SLICE_MS)).toBe(BACKFILL_MIN_BATCH)
  })
})
