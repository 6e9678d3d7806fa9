import { Text } from '@tarojs/components'
import { t, type MessageKey } from '@/i18n'
import type { IdentityKind } from '@core/domain/identity'
import './index.scss'

/** The label of each identity kind (SPEC §3, §6). */
const LABEL_OF: Record<IdentityKind, MessageKey> = {
  user: 'identityUser',
  bot: 'identityBot',
  guest: 'identityGuest',
  map: 'identityMap',
}

/** What the badge shows. */
export interface IdentityBadgeProps {
  /** The account kind (core/domain/identity `identityKindOf`). */
  kind: IdentityKind
}

/** A small coloured badge naming an account's kind: user, bot, guest or map account (SPEC §3, §6). */
export default function IdentityBadge ({ kind }: IdentityBadgeProps) {
  return <Text className={`identity-badge identity-badge--${kind}`}>{t(LABEL_OF[kind])}</Text>
}
