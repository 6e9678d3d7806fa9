import { loadLanguage, setLanguage } from '@/i18n'
import { formatSlowModeSetting, formatWait } from '@/utils/format-duration'

afterEach(() => setLanguage(undefined))

describe('slow mode durations', () => {
  it('says each setting in its largest whole unit, and 0 as off', () => {
    expect([0, 5, 30, 60, 120, 900, 3600, 21600].map(formatSlowModeSetting)).toEqual(['关闭', '5 秒', '30 秒', '1 分钟', '2 分钟', '15 分钟', '1 小时', '6 小时'])
  })

  it('counts a wait down in seconds, minutes and seconds, then hours and minutes', () => {
    expect([12, 0.2, 59, 60, 270, 3599, 3600, 21599].map(formatWait)).toEqual(['12 秒', '1 秒', '59 秒', '1 分 0 秒', '4 分 30 秒', '59 分 59 秒', '1 小时 0 分', '5 小时 59 分'])
  })

  it('speaks English under hl=en', async () => {
    await loadLanguage('en')
    expect([formatSlowModeSetting(0), formatSlowModeSetting(300), formatWait(12), formatWait(270)]).toEqual(['Off', '5 min', '12 s', '4 min 30 s'])
  })
})
