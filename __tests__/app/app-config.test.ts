/** The app configuration's page animation (SPEC §9: 300 ms duration, 50 ms delay), on H5 only. */
import { PAGE_ANIMATION_DELAY_MS, PAGE_ANIMATION_DURATION_MS } from '@/constants/ui'

/** The app configuration as the build for `platform` evaluates it. */
function appConfigFor (platform: string): Record<string, unknown> {
  const before = process.env.TARO_ENV
  process.env.TARO_ENV = platform
  try {
    let config: Record<string, unknown> = {}
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      config = require('@/app.config').default as Record<string, unknown>
    })
    return config
  } finally {
    if (before === undefined) Reflect.deleteProperty(process.env, 'TARO_ENV')
    else process.env.TARO_ENV = before
  }
}

describe('the page animation (SPEC §9)', () => {
  it('is 300 ms after a 50 ms delay on H5', () => {
    expect([PAGE_ANIMATION_DURATION_MS, PAGE_ANIMATION_DELAY_MS]).toEqual([300, 50])
    expect(appConfigFor('h5').animation).toEqual({ duration: 300, delay: 50 })
  })

  it('is left out of the mini-program\'s app.json, which has no such field', () => {
    expect(appConfigFor('weapp')).not.toHaveProperty('animation')
  })
})
