/**
 * The company footer (SPEC §1): a contact e-mail, an ICP code and a police record
 * code. The SPEC does not show the values: they come from the build's configuration
 * (`TARO_APP_CONTACT_EMAIL`, `TARO_APP_ICP_CODE`, `TARO_APP_POLICE_CODE`, e.g. in a
 * `.env.production` file) and default to placeholders that are plainly not real
 * registrations. The rule-page links use the router's ruleUrl. Pure: no Taro import.
 */

/** What the company footer shows. */
export interface CompanyInfo {
  /** SPEC §1: the contact e-mail. */
  email: string
  /** SPEC §1: the ICP filing code. */
  icpCode: string
  /** SPEC §1: the public-security (police) record code. */
  policeCode: string
}

/** A configured value, or the fallback when the configuration leaves it empty. */
function configured (value: string | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? fallback : trimmed
}

/** Builds the footer values from configuration values (environment variables in the build). */
export function companyInfoOf (env: Partial<Record<'TARO_APP_CONTACT_EMAIL' | 'TARO_APP_ICP_CODE' | 'TARO_APP_POLICE_CODE', string>>): CompanyInfo {
  return {
    email: configured(env.TARO_APP_CONTACT_EMAIL, 'contact@openrealm.example'),
    icpCode: configured(env.TARO_APP_ICP_CODE, 'ICP备00000000号'),
    policeCode: configured(env.TARO_APP_POLICE_CODE, '公网安备00000000000000号'),
  }
}

/**
 * SPEC §1: this build's footer values. Each variable is read by its full name so the
 * build can replace it with its configured text.
 */
export const COMPANY: CompanyInfo = companyInfoOf({
  TARO_APP_CONTACT_EMAIL: process.env.TARO_APP_CONTACT_EMAIL,
  TARO_APP_ICP_CODE: process.env.TARO_APP_ICP_CODE,
  TARO_APP_POLICE_CODE: process.env.TARO_APP_POLICE_CODE,
})
