import '@/i18n/page-messages'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { DIALOG } from '@/constants/a11y'
import { t } from '@/i18n'
import { isWechatBrowser } from '@/services/share'
import type { AccountStore } from '@/stores/account/account-store'
import { disabledIf } from '@/utils/disabled-if'
import { toast } from '@/utils/feedback'
import EmailCodeForm from './email-code-form'
import './index.scss'

/** What the sheet shows and does. */
export interface SignInSheetProps {
  account: AccountStore
  /** Closes the sheet (signed in, or 暂不登录). */
  onClose: () => void
}

/** Sends WeChat's browser to authorise (snsapi_userinfo: the member shares nickname and avatar), coming back to this page. */
async function signInWithWechat (account: AccountStore): Promise<void> {
  const url = await account.wechatAuthorizeUrl(window.location.href.split('#')[0], sentence => { void toast(sentence) })
  if (url !== null) window.location.assign(url)
}

/**
 * The sign-in sheet, offered where a guest joins or writes and on Me: inside WeChat's
 * browser 微信登录 first; a passkey (sign in, or create one: signs up and the guest keeps
 * everything); an e-mail code (address, then the six digits of the mail). Closes once
 * signed in.
 */
function SignInSheet ({ account, onClose }: SignInSheetProps) {
  const busy = account.busy !== null
  const run = async (action: () => Promise<string>) => {
    const before = account.signIns
    await toast(await action())
    if (account.signIns > before) onClose()
  }
  return (
    <View className='sign-in-sheet' data-testid='sign-in-sheet'>
      <View className='sign-in-sheet__shade' onClick={onClose} />
      <View className='sign-in-sheet__panel' {...DIALOG} ariaLabel={t('signInSheetTitle')}>
        <Text className='sign-in-sheet__title'>{t('signInSheetTitle')}</Text>
        <Text className='sign-in-sheet__reason'>{t('signInSheetReason')}</Text>
        {isWechatBrowser() && (
          <Button className='sign-in-sheet__button sign-in-sheet__wechat' data-testid='sign-in-wechat' disabled={disabledIf(busy)} onClick={() => { void signInWithWechat(account) }}>{t('signInWithWechat')}</Button>
        )}
        {account.passkeysAvailable && (
          <View className='sign-in-sheet__row sign-in-sheet__row--passkeys'>
            <Button className='sign-in-sheet__button sign-in-sheet__passkey' type='primary' data-testid='sign-in-passkey' disabled={disabledIf(busy)} onClick={() => { void run(() => account.signInWithPasskey()) }}>
              {t('signInWithPasskey')}
            </Button>
            <Button className='sign-in-sheet__button sign-in-sheet__passkey sign-in-sheet__passkey--create' data-testid='sign-up-passkey' disabled={disabledIf(busy)} onClick={() => { void run(() => account.addPasskey(t('passkeyDefaultName'))) }}>
              {t('signUpWithPasskey')}
            </Button>
          </View>
        )}
        <EmailCodeForm account={account} verifyLabel={t('signInVerifyCode')} onVerified={onClose} />
        <Button className='sign-in-sheet__button sign-in-sheet__later' data-testid='sign-in-later' onClick={onClose}>{t('signInLater')}</Button>
      </View>
    </View>
  )
}

export default observer(SignInSheet)
