/**
 * The user-facing message table: every text the client core shows, in zh-CN (the
 * default) and en. The language follows the `hl` query key (SPEC §2 carries it from
 * page to page); the app sets it once per page load with {@link setLanguage}.
 * Pure: no Taro import.
 */
import type { AuditField } from '@/domain/audit'

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
