import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { APP_ENV, APP_VERSION_CODE, isProductionEnv, type AppEnvName } from '@/constants/env'
import { t } from '@/i18n'
import { REQUEST_LOG_LIMIT } from '@/constants/request'
import { recentRequests, watchRequestLog, type RequestLogEntry } from '@/services/request'
import { isProduction, readEnvTestFlag, setEnvTestFlag } from '@/utils/storage'
import './index.scss'

/** How many of the last requests the panel lists: every call the log keeps. */
export const DEBUG_PANEL_REQUESTS = REQUEST_LOG_LIMIT

export { isDebugOn } from './is-debug-on'

function requestLine (entry: RequestLogEntry): string {
  return `${entry.method} ${entry.path} ${entry.status ?? entry.error ?? '-'} ${entry.durationMs}ms`
}

/** Props of the diagnostics panel. */
export interface DebugPanelProps {
  /** The build's environment (this build's by default). */
  env?: AppEnvName
}

/**
 * The `debug` diagnostics: environment and whether it counts as production on this
 * device, with the device's local test flag as a switch for master and online builds
 * (SPEC §9), version code (SPEC §9: 10001) and every call the page made (method, path,
 * status, time), newest first, kept current as calls finish.
 */
export default function DebugPanel ({ env = APP_ENV }: DebugPanelProps) {
  const [entries, setEntries] = useState(() => recentRequests())
  const [production, setProduction] = useState(() => isProduction(env))
  useEffect(() => {
    setEntries(recentRequests()) // calls that finished between the first render and now
    return watchRequestLog(() => setEntries(recentRequests()))
  }, [])
  const latest = entries.slice(-DEBUG_PANEL_REQUESTS).reverse()
  const toggleTestFlag = () => {
    setEnvTestFlag(!readEnvTestFlag())
    setProduction(isProduction(env))
  }
  return (
    <View className='debug-panel'>
      <Text className='debug-panel__title'>{t('debugTitle')}</Text>
      <Text className='debug-panel__line'>{t('debugEnv', { env, kind: t(production ? 'debugProduction' : 'debugTest') })}</Text>
      {isProductionEnv(env, false) && (
        <Text className='debug-panel__switch' onClick={toggleTestFlag}>{t(production ? 'debugCountAsTest' : 'debugCountAsProduction')}</Text>
      )}
      <Text className='debug-panel__line'>{t('debugVersion', { code: String(APP_VERSION_CODE) })}</Text>
      <Text className='debug-panel__title'>{t('debugRequests')}</Text>
      {latest.length === 0
        ? <Text className='debug-panel__line'>{t('debugNoRequests')}</Text>
        : latest.map((entry, index) => <Text className='debug-panel__request' key={index}>{requestLine(entry)}</Text>)}
    </View>
  )
}
