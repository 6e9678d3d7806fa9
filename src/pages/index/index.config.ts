import { REACH_BOTTOM_DISTANCE_PX } from '../../constants/ui'

/** SPEC §2: Home. The page title comes from this config. */
export default definePageConfig({
  navigationBarTitleText: '首页',
  // SPEC §9: reach-bottom distance 50 px (more live items load there).
  onReachBottomDistance: REACH_BOTTOM_DISTANCE_PX,
  // The mini-program's share card (useShare → useShareAppMessage).
  enableShareAppMessage: true,
})
