import { MESSAGES } from '../../i18n/messages-zh-cn'
import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** A channel's read-only page (messages, posts or a live player). The bar shows the channel's name once it is loaded. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleChannel,
  // SPEC §9: reach-bottom distance 50 px (the next page of messages, posts or live items).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  enableShareAppMessage: true,
  // A pull-down reloads the post feed or the live items (the mini-program's own gesture;
  // H5 keeps its plain scrolling).
  enablePullDownRefresh: process.env.TARO_ENV !== 'h5',
})
