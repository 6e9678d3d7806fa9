import { MESSAGES } from '../../i18n/messages-zh-cn'
import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** Searching a server's messages, posts and comments (?sid=). */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleSearch,
  // SPEC §9: reach-bottom distance 50 px (the next page of hits).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
})
