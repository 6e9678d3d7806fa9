import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** A post's own page: the whole post, its images, likes and comments. The title stays fixed (never the post's own text). */
export default definePageConfig({
  navigationBarTitleText: '帖子',
  // SPEC §9: reach-bottom distance 50 px (the next comments).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  enableShareAppMessage: true,
})
