/** Pixel conversion constants (SPEC §9); config/index.ts gives Taro the same values. */

/** SPEC §9: the design width designs are drawn at. */
export const DESIGN_WIDTH = 750

/**
 * SPEC §9: device ratios per design width (design px → rpx): a 640 design is scaled
 * by 1.17, a 750 design by 1, an 828 design by 0.905.
 */
export const DEVICE_RATIOS: Readonly<Record<number, number>> = {
  640: 1.17,
  750: 1,
  828: 0.905,
}
