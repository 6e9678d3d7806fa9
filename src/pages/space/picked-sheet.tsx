import { Button, Text, View } from '@tarojs/components'
import type { SpaceAvatar } from '@core/wire/space'
import { t } from '@/i18n'

/** What a moderator's pick shows and what its taps ask for (the store acts, the page wires). */
export interface PickedSheetProps {
  /** The avatar a moderator tapped. */
  picked: Pick<SpaceAvatar, 'nickname' | 'kind'>
  /** Whether the viewer may time members out (MuteMembers, or the owner): 禁言 is offered only then, and only for a member (a guest has no timeout to be given). */
  canMute: boolean
  onMove: () => void
  onMute: () => void
  onRemove: () => void
  onClose: () => void
}

/**
 * A moderator's pick in the space ("a moderator can move, mute or remove someone"):
 * who, 移到我身边, 禁言 (the server's timeout, which silences them in the space too), 移出空间.
 * The server decides again.
 */
export default function PickedSheet ({ picked, canMute, onMove, onMute, onRemove, onClose }: PickedSheetProps) {
  return (
    <View className='space-page__picked' data-testid='space-picked'>
      <Text className='space-page__picked-name'>{picked.nickname}</Text>
      <Button className='space-page__act' size='mini' data-testid='space-move' onClick={onMove}>{t('spaceMoveToMe')}</Button>
      {canMute && picked.kind === 'member' && <Button className='space-page__act' size='mini' data-testid='space-mute' onClick={onMute}>{t('spaceMute')}</Button>}
      <Button className='space-page__act' size='mini' type='warn' data-testid='space-remove' onClick={onRemove}>{t('spaceRemove')}</Button>
      <Button className='space-page__unpick' size='mini' ariaLabel={t('close')} onClick={onClose}>×</Button>
    </View>
  )
}
