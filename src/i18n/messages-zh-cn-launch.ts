/**
 * The zh-CN messages of the first screens: Home, Market and the app's shell (header, tab
 * bar, toasts, request errors, the sign-in offer) — every key the first load's code holds,
 * and nothing else, so the first load stays small (bench "Initial JS"). The
 * language engine (./index.ts) starts with this part; the other zh-CN messages are in
 * messages-zh-cn-pages.ts, installed by the chunks that use them (./page-messages.ts).
 * __tests__/i18n/messages-split.test.ts walks the first load's imports and fails when a
 * key it uses is missing here or a key here is not used there. Pure data.
 */
import type { AuditField } from '@core/domain/audit'

/** The first screens' message keys, with their zh-CN text. `{field}` is replaced by a field name. */
export const ZH_CN_LAUNCH = {
  // SPEC §8: 999997 / 999996 both show 'request exception'.
  requestError: '请求异常',
  // SPEC §8: a request time-out shows 'network connection timed out, try again later'.
  requestTimeout: '网络连接超时，请稍后重试',
  // SPEC §8: unsupported features show 'not supported yet'.
  unsupported: '暂不支持该功能',
  // a refusal in the page's language, by its envelope code (services/request/errors.ts messageKeyOfCode)
  errorBadRequest: '请求有误，请检查后再试',
  errorUnauthorized: '登录已失效，请重新登录',
  errorNotFound: '内容不存在或已被删除',
  errorConflict: '操作与当前状态冲突，请刷新后再试',
  errorGone: '内容已失效',
  errorTooLarge: '文件太大了',
  errorUnsupportedMedia: '不支持这种文件格式',
  errorRateLimited: '操作太频繁，请稍后再试',
  errorUnavailable: '服务暂时不可用，请稍后重试',
  inviteExpired: '这个邀请已过期，请向邀请人要一个新的',
  inviteUsedUp: '这个邀请的使用次数已满，请向邀请人要一个新的',
  inviteBanned: '你已被这个服务器封禁，无法加入',
  refusalOutranked: '对方的身份组不低于你的最高身份组，不能这样做',
  refusalForbidden: '你没有权限这样做',
  // SPEC §9: modal defaults.
  modalCancel: '取消',
  modalConfirm: '确定',
  // SPEC §5, §8: 104001 and 104004 give field-specific messages.
  auditTitle: '标题未通过审核，请修改后重试',
  auditIcon: '图标未通过审核，请更换后重试',
  auditField: '{field}未通过审核，请修改后重试',
  auditGeneric: '内容未通过审核，请修改后重试',
  // SPEC §2: the not-found page.
  backHome: '返回首页',
  // SPEC §1: the rule pages.
  userAgreement: '用户协议',
  privacyPolicy: '隐私政策',
  // Home, the channel page, sharing, the company footer and the debug panel.
  homeMembers: '{count} 位成员',
  homeOnline: '{count} 人在线',
  homeJoin: '加入社区',
  homeChannels: '频道',
  homeLives: '直播与回放',
  homeMe: '我的',
  homeEmpty: '这个社区还没有内容',
  channelsEmpty: '还没有频道',
  livesEmpty: '还没有直播',
  loadFailed: '加载失败',
  loadingMore: '正在加载更多…',
  noMore: '没有更多了',
  liveStateLive: '直播中',
  liveStateEnded: '回放',
  liveStateOrder: '预约',
  liveStartsAt: '开播 {time}',
  liveDuration: '时长 {duration}',
  linkOpenTitle: '打开外部链接',
  linkOpenConfirm: '即将离开本应用，打开 {host}，是否继续？',
  linkRefused: '无法打开该链接',
  linkCopied: '链接已复制',
  linkCopiedOpenInBrowser: '链接已复制，请在浏览器中打开',
  share: '分享',
  footerContact: '联系邮箱：{email}',
  // Market, Me, Demo, not-found and webview pages.
  loading: '加载中…',
  retry: '重试',
  close: '关闭',
  showroomNoChannel: '没有指定展厅频道，请从社区首页进入',
  showroomUnknownChannel: '找不到这个展厅：频道不存在或不是展厅频道',
  showroomEmpty: '这个展厅还没有互动内容',
  showroomVideoMissing: '视频暂不可用',
  // SPEC §2: page titles (each page's configuration takes the zh-CN one; the page sets its language's at load).
  pageTitleHome: '首页',
  pageTitleMarket: '销售演示平台',
  // The page header's way back.
  navBack: '返回',
  navHome: '首页',
  showroomNone: '这个社区还没有展厅',
  // Task D: the owner's server settings and the header's Members / Settings buttons.
  settingsMembers: '成员',
  settingsOpen: '设置',
  // Task E (posts polish): editing posts, moderators' deletes, live reminders on H5.
  liveRemindersStarted: '你预约的直播开始了',
  liveRemindersDismiss: '知道了',
  // search
  searchOpen: '搜索',
  // Home's header: the member's own lists one tap away, with their unread counts
  homeDmEntry: '私信',
  homeInboxEntry: '通知',
  homeEntryUnread: '{name}，{count} 条未读',
  // accounts: the sign-in sheet and Me's 账号与安全
  signInOfferText: '登录后，换设备也能找回你加入的服务器和发过的消息',
  signInOfferOpen: '登录',
  signInOfferDismiss: '暂不',
  // inbox: the notification inbox, its kinds and the mutes
  muteServer: '静音此服务器',
  unmuteServer: '取消静音服务器',
  suppressEveryone: '屏蔽 @全体成员',
  allowEveryone: '接收 @全体成员',
  muteChannel: '静音此频道',
  unmuteChannel: '取消静音频道',
  muteSaved: '已保存',
  muteFailed: '没有保存，请稍后再试',
  notificationSettings: '通知设置',
  // the gather space
  spaceCount: '{count} 人在逛',
  voiceRowCount: '{count} 人在语音',
  signedOutOnThisDevice: '此设备已退出登录：你的账号在其他设备上结束了这里的登录。草稿已保留，重新登录后可继续编辑。',
}

/** SPEC §5: display names of the audited fields in zh-CN (used by `auditField`, which request errors show at launch; English is in messages-en.ts). */
export const ZH_CN_AUDIT_FIELD_NAMES: Record<AuditField, string> = { avatar: '头像', nickname: '昵称', signature: '个性签名', icon: '图标', cover: '封面', title: '标题', introduction: '简介' }
