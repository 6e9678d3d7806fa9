/**
 * The user-facing message table: every text the client core shows, in zh-CN (the
 * default, here) and en (in messages-en.ts: on H5 a chunk of its own, fetched only when
 * asked for, issue 19). The language follows the `hl` query key (SPEC §2 carries it from
 * page to page); the app loads and selects it once per page load with {@link loadLanguage}.
 * Each branch adds its keys as one block at the end of the table, in this file and in
 * messages-en.ts, with a comment naming the branch.
 * Pure: no Taro import.
 */
import type { AuditField } from '@core/domain/audit'
import { loadEnglish } from './load-english'

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
  // Issue 18: an invite link.
  inviteFrom: '{name} 邀请你加入',
  inviteLoading: '正在读取邀请…',
  inviteJoin: '加入',
  inviteJoining: '正在加入…',
  inviteExpired: '这个邀请已过期，请向邀请人要一个新的',
  inviteUsedUp: '这个邀请的使用次数已满，请向邀请人要一个新的',
  inviteBanned: '你已被这个服务器封禁，无法加入',
  inviteUnknown: '邀请不存在或已被撤销',
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
  // Posts, comments and live chat (issue 17).
  postsIncoming: '{count} 条新帖子',
  postWrite: '写帖子',
  postTitlePlaceholder: '标题',
  postContentPlaceholder: '分享点什么…',
  postAddImage: '添加图片',
  postImageRemove: '移除',
  postImagesPending: '图片上传中，请稍候',
  postImagesFailed: '有图片上传失败，请重试或移除',
  postTitleRequired: '请输入标题',
  postSend: '发布',
  uploadTooLarge: '图片太大，无法上传',
  uploadWrongType: '不支持这种文件类型',
  postLike: '赞',
  postLikes: '{count} 赞',
  postComments: '{count} 评论',
  commentsEmpty: '还没有评论',
  commentPlaceholder: '写评论…',
  commentReplyTo: '回复 {name}',
  commentSend: '发送',
  commentReply: '回复',
  commentDelete: '删除',
  postDelete: '删除帖子',
  postDeleteConfirm: '删除这篇帖子？',
  postDeleted: '帖子已删除',
  postEdited: '已编辑',
  postCopyLink: '复制链接',
  liveCommentsOff: '本场直播已关闭评论',
  liveChatPlaceholder: '说点什么…',
  liveChatHide: '隐藏评论',
  liveChatShow: '显示评论',
  liveChatReadOnly: '回放评论（只读）',
  liveViewers: '{count} 人在看',
  liveRemindMe: '提醒我',
  liveReminded: '已设提醒',
  // Chat in discussion channels (issue 16).
  chatInputLabel: '输入消息',
  chatSend: '发送',
  chatTooLong: '消息不能超过 {max} 字',
  chatSending: '发送中…',
  chatSendFailed: '发送失败，点击重试',
  chatNewMessages: '新消息',
  chatJumpLatest: '回到底部',
  chatConnecting: '正在连接…',
  chatReconnecting: '正在重新连接…',
  chatOnlineCount: '{count} 人在线',
  chatJoinHint: '加入社区后即可发言',
  chatJoin: '加入',
  chatTypingOne: '{name} 正在输入…',
  chatTypingTwo: '{first} 和 {second} 正在输入…',
  chatTypingMany: '{count} 人正在输入…',
  chatReply: '回复',
  chatReplyingTo: '回复 {name}',
  chatEdit: '编辑',
  chatEditing: '编辑消息',
  chatDelete: '删除',
  chatDeleteConfirm: '删除这条消息？',
  chatEdited: '（已编辑）',
  chatReact: '添加表情',
  chatMention: '提及成员',
  chatQuoteNotLoaded: '原消息在更早的记录里',
  chatLoadingOlder: '正在加载更早的消息…',
  chatBeginning: '频道的第一条消息',
  chatToday: '今天',
  chatYesterday: '昨天',
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
  // Task D (issue 18): the owner's server settings and the header's Members / Settings buttons.
  pageTitleServerSettings: '服务器设置',
  settingsMembers: '成员',
  settingsOpen: '设置',
  settingsSectionProfile: '资料',
  settingsSectionRoles: '身份组',
  settingsSectionChannels: '频道',
  settingsSectionInvites: '邀请',
  settingsSectionWords: '屏蔽词',
  settingsAuditLog: '审计日志',
  settingsNoAccess: '你没有管理这个服务器的权限',
  settingsServerName: '名称',
  settingsServerIntroduction: '简介',
  settingsServerIcon: '图标',
  settingsServerNameEmpty: '名称不能为空',
  settingsDelete: '删除',
  settingsRename: '重命名',
  settingsEveryone: '@全体成员',
  settingsRoleNew: '新身份组名称',
  settingsRoleCreate: '创建身份组',
  settingsRoleUp: '上移',
  settingsRoleDown: '下移',
  settingsRoleDeleteConfirm: '删除身份组「{name}」？持有它的成员会失去它的权限。',
  settingsRoleColour: '颜色',
  settingsRolePermissions: '权限',
  settingsRoleNameInvalid: '身份组名称需为 1–{max} 个字',
  settingsRolesEmpty: '还没有身份组',
  settingsRoleBot: '机器人身份组',
  settingsColourInvalid: '颜色须为 # 加六位十六进制数字',
  settingsColourNone: '无颜色',
  settingsChannelNew: '新频道名称',
  settingsChannelCreate: '创建频道',
  settingsChannelType1: '讨论',
  settingsChannelType3: '帖子',
  settingsChannelType8: '元宇宙',
  settingsChannelType2: '语音',
  settingsChannelType10: '游戏广场',
  settingsChannelType11: '外部链接',
  settingsChannelType12: '直播',
  settingsChannelType13: '直播推荐',
  settingsIconChange: '更换图标',
  settingsIconGenerate: '生成图标',
  settingsChannelTraining: '新手训练',
  settingsChannelIcon: '换图标',
  settingsChannelDeleteConfirm: '删除频道「{name}」？其中的消息和帖子会一并删除。',
  settingsChannelTitleInvalid: '频道名称需为 1–{max} 个字',
  settingsInviteExpiry: '有效期',
  settingsInviteMaxUses: '使用次数',
  settingsInviteAge1800: '30 分钟',
  settingsInviteAge3600: '1 小时',
  settingsInviteAge21600: '6 小时',
  settingsInviteAge43200: '12 小时',
  settingsInviteAge86400: '1 天',
  settingsInviteAge604800: '7 天',
  settingsInviteAge0: '永不过期',
  settingsInviteUsesUnlimited: '不限',
  settingsInviteUsesCount: '{count} 次',
  settingsInviteCreate: '创建邀请',
  settingsInviteUses: '已用 {uses}/{max}',
  settingsInviteExpires: '{time} 过期',
  settingsInviteExpired: '已过期',
  settingsInviteUsedUp: '次数已用完',
  settingsInviteBy: '{name} 创建',
  settingsInviteCopy: '复制链接',
  settingsInviteRevoke: '撤销',
  settingsInviteRevokeConfirm: '撤销这个邀请？它的链接将不再能用。',
  settingsInvitesEmpty: '还没有邀请',
  settingsWordsHint: '这些词和全局词表一起审核本服务器的名称、频道和内容。用空格、逗号或换行分隔。',
  settingsWordsPlaceholder: '例如：广告 刷屏',
  settingsWordsEmpty: '还没有自己的屏蔽词',
  settingsWordsInvalid: '最多 {count} 个词，每个不超过 {max} 个字',
  settingsWordsCount: '{count} 个词',
  // Task C (issue 18): the member list, moderation and the audit log.
  modRoleGiven: '已给 {name} 身份组「{role}」',
  modRoleTaken: '已取消 {name} 的身份组「{role}」',
  modTimedOut: '已禁言 {name}',
  modTimeoutLifted: '已解除 {name} 的禁言',
  modKicked: '已将 {name} 踢出社区',
  modBanned: '已封禁 {name}',
  modUnbanned: '已解除对 {name} 的封禁',
  modReported: '举报已提交，感谢你的反馈',
  modBusy: '正在处理上一个操作',
  pageTitleMembers: '成员',
  pageTitleAuditLog: '审计日志',
  membersEmpty: '这个社区还没有成员',
  membersTimedOutUntil: '禁言至 {time}',
  membersOnline: '在线',
  membersOffline: '离线',
  membersYou: '（你）',
  membersTabMembers: '成员',
  membersTabBans: '封禁列表',
  membersOpenAuditLog: '审计日志',
  bansEmpty: '没有被封禁的成员',
  bansUnban: '解除封禁',
  bansUnbanConfirm: '解除对 {name} 的封禁？',
  bansReason: '原因：{reason}',
  bansNoReason: '未填写原因',
  sheetReport: '举报',
  sheetReportPick: '选择举报原因',
  sheetRoles: '身份组',
  sheetNoRoles: '没有你可以授予的身份组',
  sheetTimeout: '禁言',
  sheetLiftTimeout: '解除禁言',
  sheetKick: '踢出',
  sheetBan: '封禁',
  sheetBanReason: '封禁原因（选填）',
  sheetClose: '关闭',
  sheetNothing: '你不能对这位成员做任何操作',
  timeout60: '60 秒',
  timeout300: '5 分钟',
  timeout600: '10 分钟',
  timeout3600: '1 小时',
  timeout86400: '1 天',
  timeout604800: '1 周',
  confirmTimeout: '禁言 {name} {duration}？',
  confirmLift: '解除 {name} 的禁言？',
  confirmKick: '将 {name} 踢出社区？对方可以再次加入。',
  confirmBan: '封禁 {name}？对方将被移出并无法再加入。',
  confirmRoleGive: '给 {name} 身份组「{role}」？',
  confirmRoleTake: '取消 {name} 的身份组「{role}」？',
  confirmReport: '以「{reason}」举报 {name}？',
  modLogSection: '操作记录',
  modLogEmpty: '还没有操作记录',
  modLogLoadMore: '加载更多',
  modLogReason: '原因：{reason}',
  modLogTarget: '对象：{target}',
  reportsSection: '待处理举报',
  reportsEmpty: '没有待处理的举报',
  reportsLine: '{reporter} 举报了{kind} {target}',
  reportKindMessage: '消息',
  reportKindPost: '帖子',
  reportKindMember: '成员',
  modLogRoleCreate: '{actor} 创建了身份组',
  modLogRoleUpdate: '{actor} 修改了身份组',
  modLogRoleDelete: '{actor} 删除了身份组',
  modLogMemberRoleAdd: '{actor} 给成员授予了身份组',
  modLogMemberRoleRemove: '{actor} 取消了成员的身份组',
  modLogMemberKick: '{actor} 踢出了成员',
  modLogMemberBan: '{actor} 封禁了成员',
  modLogMemberUnban: '{actor} 解除了成员的封禁',
  modLogMemberTimeout: '{actor} 调整了成员的禁言',
  modLogChannelCreate: '{actor} 创建了频道',
  modLogMessageDelete: '{actor} 删除了一条消息',
  modLogPostDelete: '{actor} 删除了一篇帖子',
  modLogCommentDelete: '{actor} 删除了一条评论',
  modLogInviteCreate: '{actor} 创建了邀请',
  modLogInviteDelete: '{actor} 撤销了邀请',
  modLogBotCreate: '{actor} 创建了机器人',
  modLogBotTokenReset: '{actor} 重置了机器人令牌',
  modLogBotTokenRevoke: '{actor} 吊销了机器人令牌',
  modLogServerUpdate: '{actor} 修改了社区资料',
  modLogWordsUpdate: '{actor} 修改了社区审核词',
  modLogReportResolve: '{actor} 处理了一条举报',
  // Task F (issues 17, 18): pictures in chat messages, moderation and reports in the chat.
  chatImageAlt: '图片',
  chatAttachImage: '添加图片',
  chatReport: '举报',
  chatReportSent: '已举报，管理员会尽快处理',
  chatTimedOut: '你已被禁言至 {time}',
  chatNoSend: '你没有在此频道发言的权限',
  chatTomorrow: '明天',
  reportReasonSpam: '垃圾广告',
  reportReasonAbuse: '辱骂攻击',
  reportReasonHarassment: '骚扰他人',
  reportReasonIllegal: '违法内容',
  reportReasonSexual: '色情低俗',
  reportReasonOther: '其他',
  // Task E (posts polish, issues 17 and 19): editing posts, moderators' deletes, live reminders on H5.
  postEdit: '编辑',
  postEditSave: '保存',
  postEditCancel: '取消',
  commentDeleteConfirm: '删除这条评论？',
  liveRemindersStarted: '你预约的直播开始了',
  liveRemindersDismiss: '知道了',
  pageTitlePost: '帖子',
  // Task H (issue 18): one permission-name table and one refusal wording for every trust page (src/stores/refusal.ts).
  permViewChannel: '查看频道',
  permSendMessages: '发送消息',
  permAttachFiles: '上传文件',
  permAddReactions: '添加表情回应',
  permMentionEveryone: '提及 @全体成员',
  permManageMessages: '管理消息',
  permManageChannels: '管理频道',
  permManageRoles: '管理身份组',
  permKickMembers: '踢出成员',
  permBanMembers: '封禁成员',
  permMuteMembers: '禁言成员',
  permCreateInvites: '创建邀请',
  permManageServer: '管理服务器',
  refusalMissing: '你没有「{names}」权限',
  refusalAllSeparator: '、',
  refusalAnySeparator: '」或「',
  refusalOutranked: '对方的身份组不低于你的最高身份组，不能这样做',
  refusalForbidden: '你没有权限这样做',
  // posts-finish (issue 17): authors edit their own comments in the comment bar
  commentEdit: '编辑',
  commentEditing: '正在编辑评论 · 取消',
  commentEditSave: '保存',
  // shell-audit: the invite page's title
  pageTitleInvite: '邀请',
  // trust-finish (issue 18): closing reports, channel changes in the audit log, the Me page's sessions.
  modLogChannelUpdate: '{actor} 修改了频道',
  modLogChannelDelete: '{actor} 删除了频道',
  auditChangeTo: '{field}：{to}',
  auditChangeFrom: '{field}：{from}（已删除）',
  auditChangeFromTo: '{field}：{from} → {to}',
  auditFieldName: '名称',
  auditFieldIcon: '图标',
  auditFieldParent: '分组',
  auditFieldPosition: '位置',
  auditFieldChannelType: '类型',
  auditFieldResolution: '处理结果',
  auditNoGroup: '无分组',
  auditValueUpdated: '已更换',
  reportResolutionDismissed: '驳回',
  reportResolutionDeleted: '删除内容',
  reportResolutionTimedOut: '禁言',
  reportResolutionKicked: '踢出',
  reportActionDismiss: '驳回',
  reportActionDelete: '删除内容',
  reportActionTimeout: '禁言 1 天',
  reportActionKick: '踢出',
  reportExcerpt: '内容：{excerpt}',
  reportTargetGone: '内容已被删除',
  reportResolvedDone: '举报已处理',
  reportDismissedDone: '举报已驳回',
  reportAlreadyClosed: '这条举报已由其他管理员处理',
  sessionsSection: '登录设备',
  sessionsEmpty: '没有其他登录设备',
  sessionThisDevice: '本设备',
  sessionLastSeen: '最近使用 {time}',
  sessionSignedIn: '登录于 {time}',
  sessionUnknownDevice: '未知设备',
  sessionDeviceWeChat: '微信',
  sessionRevoke: '退出该设备',
  sessionRevokeConfirm: '让这台设备退出登录？它需要重新登录才能使用。',
  sessionRevoked: '已让该设备退出登录',
  signOut: '退出登录',
  signOutConfirm: '退出后本设备将不再保持登录；游客账号退出后无法找回。确定退出？',
  signedOut: '已退出登录',
  // a11y-fixes
  inviteAlreadyMember: '你已经是这个服务器的成员了',
  inviteOpenServer: '打开服务器',
  auditFieldRole: '身份组',
  // session 5: a link channel opened by its own link
  linkChannelLeadsTo: '这个频道通往 {host}',
  // accounts: the sign-in sheet and Me's 账号与安全
  accountSection: '账号与安全',
  accountSignInMethods: '登录方式',
  accountEmail: '邮箱',
  accountEmailNone: '未绑定',
  accountWechat: '微信',
  accountWechatLinked: '已绑定',
  accountWechatNotLinked: '未绑定',
  accountPasskeys: '通行密钥',
  accountSignOutEverywhere: '在所有设备上退出登录',
  accountSignOutEverywhereConfirm: '所有设备（包括本设备）都将退出登录，需要重新登录。确定吗？',
  accountExport: '导出我的数据',
  accountExported: '数据已导出',
  accountDelete: '注销账号',
  accountDeleteConfirm: '注销后，你的资料、登录方式和所有设备的登录都会被删除，且无法恢复。你发过的消息、帖子和评论：',
  accountDeleteKeep: '保留，显示为“已注销用户”',
  accountDeleteRemove: '全部删除',
  accountDeleteFinal: '确定注销账号？此操作不可撤销。',
  accountDeleted: '账号已注销',
  accountCreated: '账号已创建，欢迎！',
  signedInAs: '已登录：{name}',
  signedOutEverywhere: '已在所有设备上退出登录',
  signInSheetTitle: '登录或注册',
  signInSheetReason: '登录后加入服务器、发言，换设备也能找回你的一切',
  signInWithPasskey: '使用通行密钥登录',
  signUpWithPasskey: '创建通行密钥',
  signInWithWechat: '微信登录',
  signInEmailPlaceholder: '邮箱地址',
  signInCodePlaceholder: '6 位验证码',
  signInSendCode: '发送验证码',
  signInVerifyCode: '登录',
  signInLater: '暂不登录',
  emailCodeSent: '验证码已发送至 {email}',
  emailCodeFirst: '请先获取验证码',
  passkeyAdd: '添加通行密钥',
  passkeyAdded: '通行密钥已添加',
  passkeyRename: '重命名',
  passkeyRenamed: '已重命名',
  passkeyRemove: '删除',
  passkeyRemoveConfirm: '删除这个通行密钥？',
  passkeyRemoved: '通行密钥已删除',
  passkeyDefaultName: '通行密钥',
  passkeyUnavailable: '当前浏览器不支持通行密钥，请使用邮箱验证码',
  passkeyCancelled: '已取消',
  passkeyNamePrompt: '给通行密钥起个名字',
}

/** A message key. */
export type MessageKey = keyof typeof ZH_CN

/** What one language holds: every message, and the display names of the audited fields (SPEC §5). */
export interface LanguageTables {
  messages: Record<MessageKey, string>
  auditFieldNames: Record<AuditField, string>
}

/** The zh-CN table, there in every build (page configs read their build-time titles from it; English is in messages-en.ts). */
export const MESSAGES: { 'zh-CN': Record<MessageKey, string> } = { 'zh-CN': ZH_CN }

/** SPEC §5: display names of the audited fields in zh-CN (used by `auditField`; English is in messages-en.ts). */
export const AUDIT_FIELD_NAMES: { 'zh-CN': Record<AuditField, string> } = {
  'zh-CN': { avatar: '头像', nickname: '昵称', signature: '个性签名', icon: '图标', cover: '封面', title: '标题', introduction: '简介' },
}

/** The tables at hand: zh-CN always (the default and the fallback), en once loaded. */
const TABLES: { 'zh-CN': LanguageTables, en?: LanguageTables } = {
  'zh-CN': { messages: ZH_CN, auditFieldNames: AUDIT_FIELD_NAMES['zh-CN'] },
}

/** The language last asked for; shown once its table is at hand. */
let askedFor: Language = DEFAULT_LANGUAGE

/** English on its way (or arrived): fetched once per page load, again only after a failure. */
let englishArrival: Promise<void> | null = null

/**
 * The language an `hl` query value asks for: `en`, `en-US`, `en_gb` … mean English;
 * anything else (missing, `zh`, garbage) means the default zh-CN.
 */
export function languageOf (hl: unknown): Language {
  return typeof hl === 'string' && /^en([-_][a-z]{2})?$/i.test(hl.trim()) ? 'en' : DEFAULT_LANGUAGE
}

/**
 * Chooses the language of every later message from an `hl` query value, among the
 * tables at hand: until English has been loaded ({@link loadLanguage}) messages stay
 * zh-CN. Returns the language now shown.
 */
export function setLanguage (hl: unknown): Language {
  askedFor = languageOf(hl)
  return currentLanguage()
}

/**
 * Makes the language an `hl` query value asks for available and selects it; resolves
 * with the language then shown. zh-CN needs nothing loaded. English is fetched on H5
 * (its own chunk) and there at once in the mini-program, where it is selected before
 * this returns. If it cannot be loaded (offline), messages stay zh-CN: the promise
 * still resolves, with 'zh-CN', and the failure is logged.
 */
export function loadLanguage (hl: unknown): Promise<Language> {
  setLanguage(hl)
  if (askedFor === DEFAULT_LANGUAGE) return Promise.resolve(currentLanguage())
  englishArrival ??= loadEnglish(tables => { TABLES.en = tables }).catch(error => {
    englishArrival = null
    console.error('[messages] English did not load; showing zh-CN:', error)
  })
  return englishArrival.then(currentLanguage)
}

/** The language messages are currently shown in: the one asked for once its table is at hand, zh-CN until then. */
export function currentLanguage (): Language {
  return TABLES[askedFor] ? askedFor : DEFAULT_LANGUAGE
}

/** The tables of the language shown. */
function shownTables (): LanguageTables {
  return TABLES[askedFor] ?? TABLES['zh-CN']
}

/** The text of a message in the current language, with `{name}` placeholders filled in. */
export function t (key: MessageKey, vars: Record<string, string> = {}): string {
  return shownTables().messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : whole)
}

/** The display name of an audited field in the current language. */
export function auditFieldName (field: AuditField): string {
  return shownTables().auditFieldNames[field]
}
