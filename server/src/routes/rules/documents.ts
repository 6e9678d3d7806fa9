/**
 * The text of the two rule pages (SPEC §1, §2: user agreement and privacy policy),
 * in zh-CN and English. Plain data: the route renders it.
 */

/** One rule document in one language. */
export interface RuleDocument {
  title: string
  paragraphs: string[]
}

/** The rule pages, by file name under /rules. */
export const RULE_DOCUMENTS: Record<string, Record<'zh-CN' | 'en', RuleDocument>> = {
  'user-agreement': {
    'zh-CN': {
      title: 'OpenRealm 用户协议',
      paragraphs: [
        '欢迎来到 OpenRealm。使用本服务即表示你同意本协议。',
        '你可以以访客身份浏览服务器、频道、直播与展厅；编辑昵称、签名与头像时，内容需通过审核，未通过审核的内容不会被保存。',
        '请勿发布违法、侵权、赌博、诈骗或其他违禁内容。机器人（C_）与地图账号（D_）由服务器管理员维护，其行为同样受本协议约束。',
        '我们可能更新本协议，更新后继续使用即视为接受新的条款。如有疑问，请通过页面底部的联系邮箱与我们联系。',
      ],
    },
    en: {
      title: 'OpenRealm User Agreement',
      paragraphs: [
        'Welcome to OpenRealm. By using the service you accept this agreement.',
        'You may browse servers, channels, live streams and showrooms as a guest. Nicknames, signatures and avatars are audited before they are saved; content that fails the audit is not stored.',
        'Do not post illegal, infringing, gambling, fraudulent or otherwise forbidden content. Bots (C_) and map accounts (D_) are run by server administrators and are bound by this agreement too.',
        'We may update this agreement; using the service after an update means you accept it. Questions: write to the contact e-mail in the page footer.',
      ],
    },
  },
  'privacy-policy': {
    'zh-CN': {
      title: 'OpenRealm 隐私政策',
      paragraphs: [
        '我们只收集提供服务所需的信息：访客标识、你主动填写的昵称、签名与头像，以及你上传的图片。',
        '登录信息保存在你的设备本地，按环境分开存放；你可以随时清除。',
        '在微信内分享时，我们会请求当前页面地址的 JS-SDK 签名，不会读取你的微信资料。',
        '我们不会出售你的个人信息。如需查询或删除你的数据，请通过页面底部的联系邮箱与我们联系。',
      ],
    },
    en: {
      title: 'OpenRealm Privacy Policy',
      paragraphs: [
        'We collect only what the service needs: a guest identifier, the nickname, signature and avatar you enter, and the images you upload.',
        'Your login data stays on your device, kept apart per environment; you can clear it at any time.',
        'When you share inside WeChat we ask for a JS-SDK signature of the current page address; we never read your WeChat profile.',
        'We never sell personal data. To see or delete your data, write to the contact e-mail in the page footer.',
      ],
    },
  },
}
