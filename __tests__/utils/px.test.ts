import Taro from '@tarojs/taro'
import { designPxToDevicePx, designPxToRpx, rpxToPx } from '@/utils/px'

afterEach(() => jest.restoreAllMocks())

describe('px conversion (SPEC §9: design width 750, device ratios)', () => {
  it('keeps design px of a 750 design as rpx (ratio 1)', () => {
    expect(designPxToRpx(100)).toBe(100)
  })

  it('scales a 640 design by 1.17 and an 828 design by 0.905', () => {
    expect(designPxToRpx(100, 640)).toBeCloseTo(117)
    expect(designPxToRpx(100, 828)).toBeCloseTo(90.5)
  })

  it('throws a RangeError for a design width without a ratio', () => {
    expect(() => designPxToRpx(100, 1080)).toThrow(RangeError)
  })

  it('turns rpx into real px by the window width (750 rpx = full width)', () => {
    expect(rpxToPx(750, 375)).toBe(375)
    expect(rpxToPx(100, 414)).toBeCloseTo(55.2)
  })

  it("turns design px into px on this device's window", () => {
    jest.spyOn(Taro, 'getWindowInfo').mockReturnValue({ windowWidth: 375 } as ReturnType<typeof Taro.getWindowInfo>)
    expect(designPxToDevicePx(200)).toBe(100)
  })
})
