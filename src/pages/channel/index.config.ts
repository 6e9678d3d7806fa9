import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** A channel's read-only page (messages, posts or a live player). The bar shows the channel's name once it is loaded. */
export default definePageConfig({
  navigationBarTitleText: '频道',
  // SPEC §9: reach-bottom distance 50 px (the next page of messages, posts or live items).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  enableShareAppMessage: true,
})
