// hls.js in the client tests: jsdom has no MediaSource, so the real player (1.5 MB,
// several seconds to compile on a cold cache) could never play there. Taro's Video core
// asks it whether it is supported and, told no, leaves the stream to the <video> element,
// which is what the tests look at. The real hls.js plays in the e2e pass (Chromium).
export default class HlsUnsupported {
  static isSupported () {
    return false
  }
}
