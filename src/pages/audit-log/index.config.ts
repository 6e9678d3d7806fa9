import { MESSAGES } from '../../i18n/messages-zh-cn'

/** A server's audit log and open reports, for the owner and moderators. */
export default definePageConfig({
  // SPEC §2: the title from the message table (zh-CN; the page sets its language's at load).
  navigationBarTitleText: MESSAGES['zh-CN'].pageTitleAuditLog,
  // a share card leading to the server's Home (the page's useShare)
  enableShareAppMessage: true,
  // A pull-down reloads the entries and reports (the mini-program's own gesture; H5 keeps its plain scrolling).
  enablePullDownRefresh: process.env.TARO_ENV !== 'h5',
})
