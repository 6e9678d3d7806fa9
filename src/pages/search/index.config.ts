import { MESSAGES } from '../../i18n/messages-zh-cn'
import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** Searching a server's messages, posts and comments (?sid=). */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleSearch,
  // SPEC §9: reach-bottom distance 50 px (the next page of hits).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  // a share card leading to the server's Home (the page's useHomeShare: a search is one member's own)
  enableShareAppMessage: true,
  // A pull-down searches the shown query again (the mini-program's own gesture; H5 keeps its plain scrolling).
  enablePullDownRefresh: process.env.TARO_ENV !== 'h5',
})
