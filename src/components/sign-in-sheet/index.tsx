import { useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { Input } from '@/components/page-elements/input'
import { DIALOG } from '@/constants/a11y'
import { t } from '@/i18n'
import type { AccountStore } from '@/stores/account-store'
import { disabledIf } from '@/utils/disabled-if'
import { toast } from '@/utils/feedback'
import './index.scss'

/** What the sheet shows and does. */
export interface SignInSheetProps {
  account: AccountStore
  /** Inside WeChat's browser: the WeChat button, which leaves for WeChat's authorisation. */
  onWechat?: () => void
  /** Closes the sheet (signed in, or 暂不登录). */
  onClose: () => void
}

/**
 * The sign-in sheet, offered where a guest needs an account (joining a server, writing) and
 * on Me: a passkey (sign in, or create one: signs up and the guest keeps everything), an
 * e-mail code (address, then the six digits of the mail), and inside WeChat's browser the
 * WeChat button. Closes once signed in.
 */
function SignInSheet ({ account, onWechat, onClose }: SignInSheetProps) {
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
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
        {onWechat && (
          <Button className='sign-in-sheet__wechat' data-testid='sign-in-wechat' disabled={disabledIf(busy)} onClick={onWechat}>{t('signInWithWechat')}</Button>
        )}
        {account.passkeysAvailable && (
          <View className='sign-in-sheet__row'>
            <Button className='sign-in-sheet__passkey' data-testid='sign-in-passkey' disabled={disabledIf(busy)} onClick={() => { void run(() => account.signInWithPasskey()) }}>
              {t('signInWithPasskey')}
            </Button>
            <Button className='sign-in-sheet__passkey' data-testid='sign-up-passkey' disabled={disabledIf(busy)} onClick={() => { void run(() => account.addPasskey(t('passkeyDefaultName'))) }}>
              {t('signUpWithPasskey')}
            </Button>
          </View>
        )}
        <View className='sign-in-sheet__row'>
          <Input className='sign-in-sheet__input' data-testid='sign-in-email' type='text' value={email} placeholder={t('signInEmailPlaceholder')} onInput={event => setEmail(event.detail.value)} />
          <Button className='sign-in-sheet__send' size='mini' data-testid='sign-in-send' disabled={disabledIf(busy || email.trim() === '')} onClick={() => { void account.sendCode(email).then(toast) }}>
            {t('signInSendCode')}
          </Button>
        </View>
        {account.codeSentTo !== null && (
          <View className='sign-in-sheet__row'>
            <Input className='sign-in-sheet__input' data-testid='sign-in-code' type='number' maxlength={6} value={code} placeholder={t('signInCodePlaceholder')} onInput={event => setCode(event.detail.value)} />
            <Button className='sign-in-sheet__send' size='mini' data-testid='sign-in-verify' disabled={disabledIf(busy || code.trim().length !== 6)} onClick={() => { void run(() => account.verifyCode(code)) }}>
              {t('signInVerifyCode')}
            </Button>
          </View>
        )}
        <Button className='sign-in-sheet__later' data-testid='sign-in-later' onClick={onClose}>{t('signInLater')}</Button>
      </View>
    </View>
  )
}

export default observer(SignInSheet)
