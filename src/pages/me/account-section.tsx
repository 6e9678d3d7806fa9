import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import SignInSheet from '@/components/sign-in-sheet'
import EmailCodeForm from '@/components/sign-in-sheet/email-code-form'
import { t } from '@/i18n'
import { relaunch } from '@/router'
import type { AccountStore } from '@/stores/account/account-store'
import { askText } from '@/utils/ask-text'
import { disabledIf } from '@/utils/disabled-if'
import { actionSheet, modal, toast } from '@/utils/feedback'
import { saveJson } from '@/utils/save-json'

/**
 * Me's 账号与安全 / Account & security. A guest is offered the sign-in sheet (signing up
 * keeps everything). An account sees its ways in — passkeys (add, rename, remove; the
 * server refuses the last way in, in words), e-mail (add or change it: a code to the new
 * address, its refusal under the field), WeChat linked or not — and signs out
 * everywhere, exports its data (a JSON download) or deletes itself after a confirm that
 * says what goes, choosing whether its messages stay as 已注销用户 or go.
 */
function AccountSection ({ account, guest }: { account: AccountStore, guest: boolean }) {
  const [sheet, setSheet] = useState(false)
  const [emailForm, setEmailForm] = useState(false)
  useEffect(() => {
    if (!guest) void account.load()
  }, [account, guest])
  const leave = async (sentence: string) => {
    await toast(sentence)
    if (account.signedOut) await relaunch()
  }
  const addPasskey = async () => {
    const name = await askText(t('passkeyNamePrompt'), t('passkeyDefaultName'))
    if (name !== null) await toast(await account.addPasskey(name))
  }
  const rename = async (passkey: AccountStore['passkeys'][number]) => {
    const name = await askText(t('passkeyNamePrompt'), passkey.name)
    if (name !== null && name.trim() !== '') await toast(await account.renamePasskey(passkey, name))
  }
  const remove = async (passkey: AccountStore['passkeys'][number]) => {
    if (await modal({ content: t('passkeyRemoveConfirm') })) await toast(await account.removePasskey(passkey))
  }
  const signOutEverywhere = async () => {
    if (await modal({ content: t('accountSignOutEverywhereConfirm') })) await leave(await account.signOutEverywhere())
  }
  const exportData = async () => {
    const data = await account.exportData(sentence => { void toast(sentence) })
    if (data === null) return
    await saveJson(`openrealm-${data.profile.uid}.json`, data)
    await toast(t('accountExported'))
  }
  const deleteAccount = async () => {
    const choice = await actionSheet([t('accountDeleteKeep'), t('accountDeleteRemove')])
    if (choice === null) return
    if (!await modal({ title: t('accountDelete'), content: `${t('accountDeleteConfirm')}${t(choice === 0 ? 'accountDeleteKeep' : 'accountDeleteRemove')}。${t('accountDeleteFinal')}` })) return
    await leave(await account.deleteAccount(choice === 0 ? 'keep' : 'remove'))
  }
  const busy = account.busy !== null
  const methods = account.methods
  return (
    <View className='me__account' data-testid='account-section'>
      <Text className='me__section-heading'>{t('accountSection')}</Text>
      {guest
        ? <Button className='me__account-sign-in' type='primary' data-testid='account-sign-in' onClick={() => setSheet(true)}>{t('signInSheetTitle')}</Button>
        : (
          <View>
            <Text className='me__account-heading'>{t('accountSignInMethods')}</Text>
            <View className='me__account-row'>
              <Text>{t('accountEmail')}</Text>
              <View className='me__account-value'>
                <Text data-testid='account-email'>{methods?.email ?? t('accountEmailNone')}</Text>
                <Button className='me__account-small' size='mini' data-testid='account-email-change' disabled={disabledIf(busy)} onClick={() => {
                  account.cancelCode()
                  setEmailForm(!emailForm)
                }}>{t(emailForm ? 'signInCancel' : methods?.email ? 'accountEmailChange' : 'accountEmailAdd')}</Button>
              </View>
            </View>
            {(emailForm || account.proving !== null) && <View className='me__account-form'><EmailCodeForm account={account} verifyLabel={t('signInEmailVerify')} onVerified={() => setEmailForm(false)} /></View>}
            <View className='me__account-row'><Text>{t('accountWechat')}</Text><Text>{t(methods?.wechat ? 'accountWechatLinked' : 'accountWechatNotLinked')}</Text></View>
            <Text className='me__account-heading'>{t('accountPasskeys')}</Text>
            {account.passkeys.map(passkey => (
              <View key={passkey.credential_id} className='me__account-row' data-testid='passkey-row'>
                <Text>{passkey.name}</Text>
                <View className='me__account-value'>
                  <Button className='me__account-small' size='mini' disabled={disabledIf(busy)} onClick={() => { void rename(passkey) }}>{t('passkeyRename')}</Button>
                  <Button className='me__account-small' size='mini' data-testid='passkey-remove' disabled={disabledIf(busy)} onClick={() => { void remove(passkey) }}>{t('passkeyRemove')}</Button>
                </View>
              </View>
            ))}
            {account.passkeysAvailable && <Button className='me__account-small me__account-add' size='mini' data-testid='passkey-add' disabled={disabledIf(busy)} onClick={() => { void addPasskey() }}>{t('passkeyAdd')}</Button>}
            <Button className='me__account-action' data-testid='sign-out-everywhere' disabled={disabledIf(busy)} onClick={() => { void signOutEverywhere() }}>{t('accountSignOutEverywhere')}</Button>
            <Button className='me__account-action' data-testid='export-data' disabled={disabledIf(busy)} onClick={() => { void exportData() }}>{t('accountExport')}</Button>
            <Button className='me__account-action me__account-delete' data-testid='delete-account' disabled={disabledIf(busy)} onClick={() => { void deleteAccount() }}>{t('accountDelete')}</Button>
          </View>
        )}
      {sheet && <SignInSheet account={account} onClose={() => setSheet(false)} />}
    </View>
  )
}

export default observer(AccountSection)
