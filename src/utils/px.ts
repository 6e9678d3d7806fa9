/**
 * Pixel conversion (SPEC §9): designs are drawn at a design width (750 by default);
 * the device ratios turn design px into rpx, and rpx scale with the window width
 * (750 rpx = the full window width).
 */
import Taro from '@tarojs/taro'
import { DESIGN_WIDTH, DEVICE_RATIOS } from '@/constants/layout'

/** rpx in the full window width, by definition. */
const RPX_PER_WINDOW = 750

/**
 * SPEC §9: design px → rpx with the device ratio of the design width (640 → ×1.17,
 * 750 → ×1, 828 → ×0.905). A design width without a ratio is a RangeError.
 */
export function designPxToRpx (px: number, designWidth: number = DESIGN_WIDTH): number {
  const ratio = DEVICE_RATIOS[designWidth]
  if (ratio === undefined) throw new RangeError(`designPxToRpx: no device ratio for design width ${designWidth}`)
  return px * ratio
}

/** rpx → real px on a window `windowWidth` px wide. */
export function rpxToPx (rpx: number, windowWidth: number): number {
  return (rpx * windowWidth) / RPX_PER_WINDOW
}

/** Design px → real px on this device's window (e.g. for canvas and scroll offsets). */
export function designPxToDevicePx (px: number, designWidth: number = DESIGN_WIDTH): number {
  return rpxToPx(designPxToRpx(px, designWidth), Taro.getWindowInfo().windowWidth)
}
