import { MESSAGES } from '../../i18n/messages-zh-cn'

/** My direct messages (私信): who may message me, then my conversations with their unread counts. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].dmTitle,
  // a share card leading to the server's Home (the page's useHomeShare: the list is one member's own)
  enableShareAppMessage: true,
  // A pull-down reloads the list (the mini-program's own gesture; H5 keeps its plain scrolling).
  enablePullDownRefresh: process.env.TARO_ENV !== 'h5',
})
