import { MESSAGES } from '../../i18n/messages-zh-cn'
/** A voice channel in the mini-program: the H5 voice page in a web-view. */
export default definePageConfig({
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleVoiceWeb,
})
