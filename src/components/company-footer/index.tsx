import { View, Text } from '@tarojs/components'
import { COMPANY } from '@/constants/company'
import { t } from '@/i18n'
import type { RuleName } from '@/constants/router'
import { openRule } from '@/router'
import './index.scss'

function open (rule: RuleName): void {
  openRule(rule).catch(error => console.warn('[footer] rule page could not be opened:', error))
}

/** SPEC §1: the company footer: contact e-mail, ICP code, police record code, user agreement and privacy policy links. */
export default function CompanyFooter () {
  return (
    <View className='company-footer'>
      <View className='company-footer__links'>
        <Text className='company-footer__link company-footer__link--agreement' onClick={() => open('userAgreement')}>{t('userAgreement')}</Text>
        <Text className='company-footer__sep'>|</Text>
        <Text className='company-footer__link company-footer__link--privacy' onClick={() => open('privacyPolicy')}>{t('privacyPolicy')}</Text>
      </View>
      <Text className='company-footer__line'>{t('footerContact', { email: COMPANY.email })}</Text>
      <Text className='company-footer__line'>{COMPANY.icpCode}</Text>
      <Text className='company-footer__line'>{COMPANY.policeCode}</Text>
    </View>
  )
}
