import { COOKIE_LIFETIME_DAYS, COUNT_DISPLAY_CAP, COUNT_UNIT_WAN, COUNT_UNIT_YI, DISPLAY_UTC_OFFSET_MINUTES, SIZE_UNIT_K, SIZE_UNIT_M } from '@/constants/format'
import { DESIGN_WIDTH, DEVICE_RATIOS } from '@/constants/layout'
import { FRAMEWORK_DEFAULT_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '@/constants/request'
import { CARRIED_QUERY_KEYS, QUERY_ALIASES } from '@core/query/keys'
import {
  PAGE_ANIMATION_DELAY_MS, PAGE_ANIMATION_DURATION_MS, REACH_BOTTOM_DISTANCE_PX, TEXT_INPUT_MAXLENGTH, THROTTLE_DEBOUNCE_MS, TOAST_DURATION_MS,
} from '@/constants/ui'

describe('business constants and limits (SPEC §9)', () => {
  it('times requests out after 10000 ms, 60000 ms only as the framework default', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10000)
    expect(FRAMEWORK_DEFAULT_TIMEOUT_MS).toBe(60000)
  })

  it('shows toasts for 1500 ms', () => {
    expect(TOAST_DURATION_MS).toBe(1500)
  })

  it('animates pages for 300 ms after a 50 ms delay and loads more 50 px from the bottom', () => {
    expect(PAGE_ANIMATION_DURATION_MS).toBe(300)
    expect(PAGE_ANIMATION_DELAY_MS).toBe(50)
    expect(REACH_BOTTOM_DISTANCE_PX).toBe(50)
  })

  it('caps counts at 99 and uses 万 and 亿 units, K and M sizes', () => {
    expect(COUNT_DISPLAY_CAP).toBe(99)
    expect(COUNT_UNIT_WAN).toBe(10000)
    expect(COUNT_UNIT_YI).toBe(100000000)
    expect(SIZE_UNIT_K).toBe(1024)
    expect(SIZE_UNIT_M).toBe(1024 * 1024)
  })

  it('shows dates in UTC+8, keeps cookies 365 days and waits 100 ms in throttle and debounce', () => {
    expect(DISPLAY_UTC_OFFSET_MINUTES).toBe(480)
    expect(COOKIE_LIFETIME_DAYS).toBe(365)
    expect(THROTTLE_DEBOUNCE_MS).toBe(100)
  })

  it('limits text inputs to 140 characters by default', () => {
    expect(TEXT_INPUT_MAXLENGTH).toBe(140)
  })

  it('converts pixels from the 750 design width with the ratios 640 → 1.17, 750 → 1, 828 → 0.905', () => {
    expect(DESIGN_WIDTH).toBe(750)
    expect(DEVICE_RATIOS).toEqual({ 640: 1.17, 750: 1, 828: 0.905 })
  })
})

describe('router constants (SPEC §2)', () => {
  it('carries exactly the SPEC query keys', () => {
    expect([...CARRIED_QUERY_KEYS]).toEqual([
      'ch', 'debug', 'viewpc', 'aesieap_code', 'is_overseas', 'redirect', 'server_id', 'scene', 'hl',
      'sid', 'navShareHide', 'quality', 'appid', 'msgSignature', 'timeStamp', 'nonce', 'ncode', 'encrypt',
    ])
  })

  it('reads sid as server_id and cid as channel_id', () => {
    expect(QUERY_ALIASES).toEqual({ sid: 'server_id', cid: 'channel_id' })
  })
})
