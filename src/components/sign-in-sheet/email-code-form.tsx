import { useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { Input } from '@/components/page-elements/input'
import { ALERT } from '@/constants/a11y'
import { t } from '@/i18n'
import type { AccountStore } from '@/stores/account/account-store'
import { disabledIf } from '@/utils/disabled-if'
import { toast } from '@/utils/feedback'

/** What the e-mail code form shows and does. */
export interface EmailCodeFormProps {
  account: AccountStore
  /** The verify button's words: 登录 in the sign-in sheet, 验证 when an account adds or changes its address. */
  verifyLabel: string
  /** After a code was taken (signed in, or the address added). */
  onVerified?: () => void
}

/**
 * The e-mail one-time code, used by the sign-in sheet and by Me's address change: the
 * address and 发送验证码, then the six digits; a refused code (wrong, expired, used up) says
 * why under its field, in the server's words.
 */
function EmailCodeForm ({ account, verifyLabel, onVerified }: EmailCodeFormProps) {
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const busy = account.busy !== null
  const verify = async () => {
    const sentence = await account.verifyCode(code)
    if (account.codeError !== null) return
    setCode('')
    await toast(sentence)
    onVerified?.()
  }
  return (
    <View className='sign-in-sheet__email'>
      <View className='sign-in-sheet__row'>
        <Input className='sign-in-sheet__input' data-testid='sign-in-email' type='text' value={email} placeholder={t('signInEmailPlaceholder')} onInput={event => setEmail(event.detail.value)} />
        <Button className='sign-in-sheet__button sign-in-sheet__send' data-testid='sign-in-send' disabled={disabledIf(busy || email.trim() === '')} onClick={() => { void account.sendCode(email).then(toast) }}>
          {t('signInSendCode')}
        </Button>
      </View>
      {account.codeSentTo !== null && (
        <View className='sign-in-sheet__row'>
          <Input className='sign-in-sheet__input' data-testid='sign-in-code' type='number' maxlength={6} value={code} placeholder={t('signInCodePlaceholder')} onInput={event => setCode(event.detail.value)} />
          <Button className='sign-in-sheet__button sign-in-sheet__send' data-testid='sign-in-verify' disabled={disabledIf(busy || code.trim().length !== 6)} onClick={() => { void verify() }}>
            {verifyLabel}
          </Button>
        </View>
      )}
      {account.codeError !== null && <Text className='sign-in-sheet__error' data-testid='sign-in-code-error' {...ALERT}>{account.codeError}</Text>}
    </View>
  )
}

export default observer(EmailCodeForm)
