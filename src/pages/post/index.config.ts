import { MESSAGES } from '../../i18n/messages-zh-cn'
import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** A post's own page: the whole post, its images, likes and comments. The title stays fixed (never the post's own text). */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitlePost,
  // SPEC §9: reach-bottom distance 50 px (the next comments).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  enableShareAppMessage: true,
  // and to the timeline, which opens the same post
  enableShareTimeline: true,
})
