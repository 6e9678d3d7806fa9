import '@/i18n/page-messages'
import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import DebugPanel, { isDebugOn } from '@/components/debug-panel'
import IdentityBadge from '@/components/identity-badge'
import LiveBadge from '@/components/live-badge'
import PageHeader from '@/components/page-header'
import { t, type MessageKey } from '@/i18n'
import type { IdentityKind } from '@core/domain/identity'
import type { LiveState } from '@core/domain/live-state'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { useStores } from '@/stores/context'
import { isHexColour } from '@/utils/color'
import { formatDate, toIsoUtc8 } from '@/utils/format-date'
import { formatBadgeCount, formatCount, formatSize } from '@/utils/format-number'
import { formatPrice } from '@/utils/format-price'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/demo/index'

/** SPEC §3, §6: every identity kind. */
const DEMO_IDENTITIES: readonly IdentityKind[] = ['user', 'bot', 'guest', 'map']
/** SPEC §4: every live state. */
const DEMO_LIVE_STATES: readonly LiveState[] = ['live', 'ended', 'order']
/** SPEC §9: counts around the 万 and 亿 units. */
const DEMO_COUNTS: readonly number[] = [9999, 10000, 12345, 99999999, 100000000]
/** SPEC §9: badge counts around the 99 cap. */
const DEMO_BADGE_COUNTS: readonly number[] = [99, 100]
/** SPEC §9: sizes in bytes around the K and M units. */
const DEMO_SIZES: readonly number[] = [512, 1536, 1048576, 5767168]
/** SPEC §9: moments (unix ms) shown in UTC+8, one on each side of midnight there. */
const DEMO_DATES: readonly number[] = [Date.UTC(2024, 0, 1, 15, 59), Date.UTC(2024, 0, 1, 16, 0)]
/** SPEC §5: colour values, valid and not. */
const DEMO_COLOURS: readonly string[] = ['#3370ff', '#00A870', '#fff', '3370ff', '#12345g', '#1234567']
/** Prices in fen (the showroom's product cards). */
const DEMO_PRICES: readonly number[] = [0, 1990, 129900]

function Section ({ title, children }: { title: MessageKey, children: ReactNode }) {
  return (
    <View className='demo__section'>
      <Text className='demo__heading'>{t(title)}</Text>
      <View className='demo__body'>{children}</View>
    </View>
  )
}

/** One example: what goes in and what is shown for it. */
function Row ({ input, children }: { input: string, children: ReactNode }) {
  return (
    <View className='demo__row'>
      <Text className='demo__input'>{input}</Text>
      <View className='demo__output'>{children}</View>
    </View>
  )
}

/** The example rows of a formatter: each input next to its formatted text. */
function Formats ({ values, format }: { values: readonly number[], format: (value: number) => string }) {
  return <>{values.map(value => <Row key={value} input={String(value)}><Text>{format(value)}</Text></Row>)}</>
}

/**
 * Demo (SPEC §2 lists a 'demo' page): a living catalogue of the app's components and
 * formats — identity and live badges, counts with 万/亿, badge counts capped at 99+,
 * sizes in K/M, dates in UTC+8, colour checks with swatches and ¥ prices — every one
 * rendered by the same code the other pages use, so it shows what users see. Its share
 * menu sends the server's Home.
 */
function Demo () {
  usePageLifecycle(PAGE_PATH)
  useHomeShare(useStores().server)
  return (
    <View className='demo'>
      <PageHeader title={t('pageTitleDemo')} />
      <Section title='demoIdentity'>
        <View className='demo__chips'>{DEMO_IDENTITIES.map(kind => <IdentityBadge key={kind} kind={kind} />)}</View>
      </Section>
      <Section title='demoLive'>
        <View className='demo__chips'>{DEMO_LIVE_STATES.map(state => <LiveBadge key={state} state={state} />)}</View>
      </Section>
      <Section title='demoCounts'><Formats values={DEMO_COUNTS} format={formatCount} /></Section>
      <Section title='demoBadgeCounts'><Formats values={DEMO_BADGE_COUNTS} format={formatBadgeCount} /></Section>
      <Section title='demoSizes'><Formats values={DEMO_SIZES} format={formatSize} /></Section>
      <Section title='demoDates'>
        {DEMO_DATES.map(moment => (
          <Row key={moment} input={new Date(moment).toISOString()}>
            <Text className='demo__date'>{formatDate(moment)}</Text>
            <Text className='demo__iso'>{toIsoUtc8(moment)}</Text>
          </Row>
        ))}
      </Section>
      <Section title='demoColours'>
        {DEMO_COLOURS.map(colour => {
          const valid = isHexColour(colour) // SPEC §5: '#' and exactly six hex digits
          return (
            <Row key={colour} input={colour}>
              {/* Only a checked colour ever reaches a style. */}
              <View className={`demo__swatch${valid ? '' : ' demo__swatch--invalid'}`} style={valid ? { backgroundColor: colour } : undefined} />
              <Text className={`demo__verdict demo__verdict--${valid ? 'valid' : 'invalid'}`}>{t(valid ? 'colourValid' : 'colourInvalid')}</Text>
            </Row>
          )
        })}
      </Section>
      <Section title='demoPrices'><Formats values={DEMO_PRICES} format={formatPrice} /></Section>
      {isDebugOn(currentParams()) && <DebugPanel />}
    </View>
  )
}

export default observer(Demo)
