import { companyInfoOf } from '@/constants/company'

describe('company footer values (SPEC §1)', () => {
  it('takes the contact e-mail, ICP code and police record code from configuration', () => {
    expect(companyInfoOf({ TARO_APP_CONTACT_EMAIL: 'hi@realm.cn', TARO_APP_ICP_CODE: '沪ICP备12345678号', TARO_APP_POLICE_CODE: '沪公网安备31010402000001号' })).toEqual({
      email: 'hi@realm.cn', icpCode: '沪ICP备12345678号', policeCode: '沪公网安备31010402000001号',
    })
  })

  it('falls back to plain placeholders when configuration leaves a value empty', () => {
    expect(companyInfoOf({ TARO_APP_CONTACT_EMAIL: '  ' })).toEqual({
      email: 'contact@openrealm.example', icpCode: 'ICP备00000000号', policeCode: '公网安备00000000000000号',
    })
  })
})
