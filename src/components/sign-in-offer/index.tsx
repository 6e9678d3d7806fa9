import { lazy, Suspense, useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { STATUS } from '@/constants/a11y'
import { t } from '@/i18n'
import { useStores } from '@/stores/context'
import './index.scss'

/** The sheet: a chunk of its own, fetched only when the member opens it. */
const SignInSheet = lazy(() => import(/* webpackChunkName: "sign-in-sheet" */ '@/components/sign-in-sheet'))

/**
 * The sign-in sheet the account store offers a guest who joined a server or wrote
 * something (AccountStore.offerSignIn): a bar in the page's flow, never over what the
 * member was doing — 登录 opens the sheet, 暂不 (or closing the sheet) declines for this run.
 * Nothing, and nothing fetched, until it is offered (the account store itself loads on
 * its first use: RootStore.offerSignIn).
 */
function SignInOffer () {
  const account = useStores().account.current
  const [open, setOpen] = useState(false)
  if (account === null || !account.offering) return null
  const close = () => {
    setOpen(false)
    account.closeOffer()
  }
  return (
    <View className='sign-in-offer' data-testid='sign-in-offer' {...STATUS}>
      <Text className='sign-in-offer__text'>{t('signInOfferText')}</Text>
      <Button className='sign-in-offer__open' size='mini' type='primary' data-testid='sign-in-offer-open' onClick={() => setOpen(true)}>{t('signInOfferOpen')}</Button>
      <Button className='sign-in-offer__dismiss' size='mini' data-testid='sign-in-offer-dismiss' onClick={close}>{t('signInOfferDismiss')}</Button>
      {open && <Suspense fallback={null}><SignInSheet account={account} onClose={close} /></Suspense>}
    </View>
  )
}

export default observer(SignInOffer)
