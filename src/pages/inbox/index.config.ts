import { MESSAGES } from '../../i18n/messages-zh-cn'

/** The notification inbox (通知): mentions, replies, reactions, comments, moderation acts and direct messages. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleInbox,
  // a share card leading to the server's Home (the page's useHomeShare: an inbox is one member's own)
  enableShareAppMessage: true,
  // A pull-down reloads the notifications (the mini-program's own gesture; H5 keeps its plain scrolling).
  enablePullDownRefresh: process.env.TARO_ENV !== 'h5',
})
