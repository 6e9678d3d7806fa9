/**
 * The user-facing message table: every text the client core shows, in zh-CN (the
 * default) and en. The language follows the `hl` query key (SPEC §2 carries it from
 * page to page); the app sets it once per page load with {@link setLanguage}.
 * Pure: no Taro import.
 */
import type { AuditField } from '@core/domain/audit'

/** The languages the table holds. zh-CN is the default. */
export type Language = 'zh-CN' | 'en'

/** The default language (SPEC §8's messages are Chinese). */
export const DEFAULT_LANGUAGE: Language = 'zh-CN'

/** Every message key, with its zh-CN text. `{field}` is replaced by a field name. */
const ZH_CN = {
  // SPEC §8: 999997 / 999996 both show 'request exception'.
  requestError: '请求异常',
  // SPEC §8: a request time-out shows 'network connection timed out, try again later'.
  requestTimeout: '网络连接超时，请稍后重试',
  // SPEC §8: unsupported features show 'not supported yet'.
  unsupported: '暂不支持该功能',
  // SPEC §9: modal defaults.
  modalCancel: '取消',
  modalConfirm: '确定',
  // SPEC §5, §8: 104001 and 104004 give field-specific messages.
  auditTitle: '标题未通过审核，请修改后重试',
  auditIcon: '图标未通过审核，请更换后重试',
  auditField: '{field}未通过审核，请修改后重试',
  auditGeneric: '内容未通过审核，请修改后重试',
  // SPEC §2: the not-found page.
  notFoundTitle: '页面不存在',
  notFoundHint: '你访问的页面不存在或已被移除',
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
  liveNotStarted: '直播尚未开始，开播时间 {time}（UTC+8）',
  livePlayerEmpty: '暂无可播放的视频',
  linkOpenTitle: '打开外部链接',
  linkOpenConfirm: '即将离开本应用，打开 {host}，是否继续？',
  linkRefused: '无法打开该链接',
  linkCopied: '链接已复制',
  linkCopiedOpenInBrowser: '链接已复制，请在浏览器中打开',
  share: '分享',
  messagesEmpty: '还没有消息',
  postsEmpty: '还没有帖子',
  channelUnsupported: '暂不支持查看此类频道',
  footerContact: '联系邮箱：{email}',
  debugTitle: '调试信息',
  debugEnv: '环境 {env} · {kind}',
  debugProduction: '按生产环境',
  debugTest: '按测试环境',
  debugCountAsTest: '本机改按测试环境',
  debugCountAsProduction: '本机改按生产环境',
  debugVersion: '版本号 {code}',
  debugRequests: '最近请求',
  debugNoRequests: '暂无请求',
  // Market, Me, Demo, not-found and webview pages.
  loading: '加载中…',
  retry: '重试',
  close: '关闭',
  save: '保存',
  saved: '已保存',
  notFoundFrom: '未找到：{path}',
  webviewRefused: '出于安全考虑，无法打开此链接',
  showroomNoChannel: '没有指定展厅频道，请从社区首页进入',
  showroomUnknownChannel: '找不到这个展厅：频道不存在或不是展厅频道',
  showroomEmpty: '这个展厅还没有互动内容',
  showroomVideoMissing: '视频暂不可用',
  identityUser: '用户',
  identityBot: '机器人',
  identityGuest: '游客',
  identityMap: '地图账号',
  userAgeNew: '新用户',
  userAgeOld: '老用户',
  registeredOn: '注册于 {date}',
  userIdLabel: 'ID {uid}',
  signatureEmpty: '这个人很懒，什么都没写',
  nicknamePlaceholder: '输入昵称',
  signaturePlaceholder: '介绍一下自己',
  nicknameRequired: '昵称不能为空',
  avatarChange: '更换头像',
  avatarGenerate: '生成头像',
  avatarUploadFailed: '头像上传失败，请稍后重试',
  demoIdentity: '身份标识',
  demoLive: '直播状态',
  demoCounts: '数量（万 / 亿）',
  demoBadgeCounts: '角标数量',
  demoSizes: '文件大小',
  demoDates: '日期（UTC+8）',
  demoColours: '颜色',
  demoPrices: '价格',
  colourValid: '有效',
  colourInvalid: '无效',
  // SPEC §2: page titles (each page's configuration takes the zh-CN one; the page sets its language's at load).
  pageTitleHome: '首页',
  pageTitleMarket: '销售演示平台',
  pageTitleMe: '我的',
  pageTitleChannel: '频道',
  pageTitleDemo: '组件演示',
  pageTitleNotFound: '页面不存在',
  pageTitleWebview: '网页',
  // The page header's way back.
  navBack: '返回',
  navHome: '首页',
  showroomNone: '这个社区还没有展厅',
  desktopServers: '社区',
}

/** A message key. */
export type MessageKey = keyof typeof ZH_CN

const EN: Record<MessageKey, string> = {
  requestError: 'Request error',
  requestTimeout: 'Network connection timed out, please try again later',
  unsupported: 'This feature is not supported yet',
  modalCancel: 'Cancel',
  modalConfirm: 'OK',
  auditTitle: 'The title did not pass review, please change it and try again',
  auditIcon: 'The icon did not pass review, please change it and try again',
  auditField: 'The {field} did not pass review, please change it and try again',
  auditGeneric: 'The content did not pass review, please change it and try again',
  notFoundTitle: 'Page not found',
  notFoundHint: 'The page you are looking for does not exist or was removed',
  backHome: 'Back to home',
  userAgreement: 'User agreement',
  privacyPolicy: 'Privacy policy',
  homeMembers: '{count} members',
  homeOnline: '{count} online',
  homeJoin: 'Join',
  homeChannels: 'Channels',
  homeLives: 'Live & replays',
  homeMe: 'Me',
  homeEmpty: 'Nothing in this community yet',
  channelsEmpty: 'No channels yet',
  livesEmpty: 'No live streams yet',
  loadFailed: 'Could not load',
  loadingMore: 'Loading more…',
  noMore: 'No more',
  liveStateLive: 'Live',
  liveStateEnded: 'Replay',
  liveStateOrder: 'Reserved',
  liveStartsAt: 'Starts {time}',
  liveDuration: 'Duration {duration}',
  liveNotStarted: 'Not started yet; starts {time} (UTC+8)',
  livePlayerEmpty: 'No video to play',
  linkOpenTitle: 'Open external link',
  linkOpenConfirm: 'You are leaving the app to open {host}. Continue?',
  linkRefused: 'This link cannot be opened',
  linkCopied: 'Link copied',
  linkCopiedOpenInBrowser: 'Link copied; open it in a browser',
  share: 'Share',
  messagesEmpty: 'No messages yet',
  postsEmpty: 'No posts yet',
  channelUnsupported: 'This kind of channel cannot be viewed yet',
  footerContact: 'Contact: {email}',
  debugTitle: 'Diagnostics',
  debugEnv: 'Environment {env} · {kind}',
  debugProduction: 'counts as production',
  debugTest: 'counts as test',
  debugCountAsTest: 'Count this device as test',
  debugCountAsProduction: 'Count this device as production',
  debugVersion: 'Version code {code}',
  debugRequests: 'Recent requests',
  debugNoRequests: 'No requests yet',
  loading: 'Loading…',
  retry: 'Retry',
  close: 'Close',
  save: 'Save',
  saved: 'Saved',
  notFoundFrom: 'Not found: {path}',
  webviewRefused: 'For your safety this link cannot be opened',
  showroomNoChannel: 'No showroom channel was given; please enter from the community home',
  showroomUnknownChannel: 'This showroom was not found: the channel does not exist or is not a showroom',
  showroomEmpty: 'This showroom has no interactions yet',
  showroomVideoMissing: 'The video is not available',
  identityUser: 'User',
  identityBot: 'Bot',
  identityGuest: 'Guest',
  identityMap: 'Map account',
  userAgeNew: 'New member',
  userAgeOld: 'Member',
  registeredOn: 'Joined {date}',
  userIdLabel: 'ID {uid}',
  signatureEmpty: 'Nothing written here yet',
  nicknamePlaceholder: 'Your nickname',
  signaturePlaceholder: 'Say something about yourself',
  nicknameRequired: 'The nickname cannot be empty',
  avatarChange: 'Change avatar',
  avatarGenerate: 'Generate avatar',
  avatarUploadFailed: 'The avatar could not be uploaded, please try again later',
  demoIdentity: 'Identity badges',
  demoLive: 'Live states',
  demoCounts: 'Counts (万 / 亿)',
  demoBadgeCounts: 'Badge counts',
  demoSizes: 'File sizes',
  demoDates: 'Dates (UTC+8)',
  demoColours: 'Colours',
  demoPrices: 'Prices',
  colourValid: 'valid',
  colourInvalid: 'invalid',
  pageTitleHome: 'Home',
  pageTitleMarket: 'Sales demo platform',
  pageTitleMe: 'Me',
  pageTitleChannel: 'Channel',
  pageTitleDemo: 'Component demo',
  pageTitleNotFound: 'Page not found',
  pageTitleWebview: 'Web page',
  navBack: 'Back',
  navHome: 'Home',
  showroomNone: 'This community has no showroom yet',
  desktopServers: 'Communities',
}

/** The whole table, per language. */
export const MESSAGES: Record<Language, Record<MessageKey, string>> = { 'zh-CN': ZH_CN, en: EN }

/** SPEC §5: display names of the audited fields, per language (used by `auditField`). */
export const AUDIT_FIELD_NAMES: Record<Language, Record<AuditField, string>> = {
  'zh-CN': { avatar: '头像', nickname: '昵称', signature: '个性签名', icon: '图标', cover: '封面', title: '标题', introduction: '简介' },
  en: { avatar: 'avatar', nickname: 'nickname', signature: 'signature', icon: 'icon', cover: 'cover', title: 'title', introduction: 'introduction' },
}

let language: Language = DEFAULT_LANGUAGE

/**
 * The language an `hl` query value asks for: `en`, `en-US`, `en_gb` … mean English;
 * anything else (missing, `zh`, garbage) means the default zh-CN.
 */
export function languageOf (hl: unknown): Language {
  return typeof hl === 'string' && /^en([-_][a-z]{2})?$/i.test(hl.trim()) ? 'en' : DEFAULT_LANGUAGE
}

/** Chooses the language of every later message from an `hl` query value. */
export function setLanguage (hl: unknown): Language {
  language = languageOf(hl)
  return language
}

/** The language messages are currently shown in. */
export function currentLanguage (): Language {
  return language
}

/** The text of a message in the current language, with `{name}` placeholders filled in. */
export function t (key: MessageKey, vars: Record<string, string> = {}): string {
  return MESSAGES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : whole)
}

/** The display name of an audited field in the current language. */
export function auditFieldName (field: AuditField): string {
  return AUDIT_FIELD_NAMES[language][field]
}
