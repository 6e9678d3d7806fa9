import { MESSAGES } from '../../i18n/messages-zh-cn'
import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** A server's members, with what a moderator may do to them. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleMembers,
  // SPEC §9: reach-bottom distance 50 px (the next page of members).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  // A share card (the page's useShare).
  enableShareAppMessage: true,
  // A pull-down reloads the list (the mini-program's own gesture; H5 keeps its plain scrolling).
  enablePullDownRefresh: process.env.TARO_ENV !== 'h5',
})
