import { MESSAGES } from '../../i18n/messages-zh-cn'
import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** SPEC §2: Home. The page title comes from this config. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleHome,
  // SPEC §9: reach-bottom distance 50 px (more live items load there).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  // The mini-program's share card (useShare → useShareAppMessage).
  enableShareAppMessage: true,
  // and to the timeline, which opens Home of the same server
  enableShareTimeline: true,
  // A pull-down reloads the server, its channels and live items (the mini-program's own
  // gesture; H5 keeps its plain scrolling).
  enablePullDownRefresh: process.env.TARO_ENV !== 'h5',
})
