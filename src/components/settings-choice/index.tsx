import { Text, View } from '@tarojs/components'
import { RADIO, RADIOGROUP } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** One option of the row. */
export interface SettingsChoiceOption<V extends string | number> {
  value: V
  label: string
  /** A colour swatch shown instead of the label's text colour ('#rrggbb'). */
  swatch?: string
}

/** What the row shows and does. */
export interface SettingsChoiceProps<V extends string | number> {
  options: ReadonlyArray<SettingsChoiceOption<V>>
  /** The chosen value. */
  value: V
  onChange: (value: V) => void
  /** What the row chooses, said to screen readers. */
  label: string
  /** The row waits (a save under way). */
  disabled?: boolean
}

/**
 * A row of chips of which one is chosen: the settings' pickers (a section, a channel
 * type, an invite's expiry or use limit, a role's colour). Text is shown as text.
 */
export default function SettingsChoice<V extends string | number> ({ options, value, onChange, label, disabled = false }: SettingsChoiceProps<V>) {
  return (
    <View className='settings-choice' {...RADIOGROUP} ariaLabel={label}>
      {options.map(option => {
        const chosen = option.value === value
        return (
          <View
            key={String(option.value)}
            className={`settings-choice__chip${chosen ? ' settings-choice__chip--chosen' : ''}${disabled ? ' settings-choice__chip--disabled' : ''}`}
            aria-checked={chosen}
            ariaLabel={option.label}
            {...pressable(() => { if (!disabled && !chosen) onChange(option.value) })} {...RADIO}
          >
            {option.swatch !== undefined && <View className='settings-choice__swatch' style={{ background: option.swatch || 'transparent' }} />}
            <Text className='settings-choice__text'>{option.label}</Text>
          </View>
        )
      })}
    </View>
  )
}
