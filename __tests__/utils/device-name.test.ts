import { loadLanguage, setLanguage } from '@/i18n'
import { deviceName } from '@/utils/device-name'

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const IPHONE_WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47'
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0'
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0'

describe('deviceName (the session list names the device)', () => {
  afterEach(() => setLanguage('zh-CN'))

  it('names the browser and the system', () => {
    expect([ANDROID_CHROME, MAC_SAFARI, WINDOWS_EDGE, LINUX_FIREFOX].map(deviceName)).toEqual(['Chrome · Android', 'Safari · macOS', 'Edge · Windows', 'Firefox · Linux'])
  })

  it('names WeChat in the page language, and an iPhone iOS although its agent says Mac OS X', async () => {
    expect(deviceName(IPHONE_WECHAT)).toBe('微信 · iOS')
    await loadLanguage('en')
    expect(deviceName(IPHONE_WECHAT)).toBe('WeChat · iOS')
  })

  it('leaves out the part it does not know, and says an unknown device when it knows neither', () => {
    expect([deviceName('curl/8.5.0 (Linux)'), deviceName(''), deviceName('node')]).toEqual(['Linux', '未知设备', '未知设备'])
  })
})
