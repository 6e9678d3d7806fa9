import { useState } from 'react'
import { Button, Text, View } from '@tarojs/components'
import { Input } from '@/components/page-elements/input'
import { Textarea } from '@/components/page-elements/textarea'
import { t } from '@/i18n'
import { draftAfterReload } from '@/utils/field-draft'
import { TEXT_INPUT_MAXLENGTH } from '@/constants/ui'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** What the field shows and does. */
export interface ProfileFieldProps {
  /** The field's name, shown above it. */
  label: string
  /** The value the server holds (what is on screen until a save is accepted). */
  value: string
  placeholder?: string
  /** A multi-line text (the signature) rather than one line (the nickname). */
  multiline?: boolean
  /** SPEC §9: 140 by default. */
  maxlength?: number
  /** The message to show under the field (an audit rejection), or null. */
  error?: string | null
  /** True while this field is being saved. */
  saving?: boolean
  /** A message for a value that must not be sent (e.g. an empty nickname), else null. */
  validate?: (value: string) => string | null
  /** Sends the value; resolves true when the server accepted it. */
  onSave: (value: string) => Promise<boolean>
  /** The user changed the text (the shown error no longer applies). */
  onEdit?: () => void
}

/**
 * One editable profile text (nickname or signature). The text box holds a draft; Save
 * sends it. When the save is refused (an audit rejection) the box goes back to the value
 * the server kept and the message shows under the field (SPEC §5). When the saved value
 * changes meanwhile (another moderator's edit arriving live), a draft the member edited
 * stays; an untouched one shows the new value. Text is shown as text.
 */
export default function ProfileField (props: ProfileFieldProps) {
  const { label, value, placeholder, multiline = false, maxlength = TEXT_INPUT_MAXLENGTH, error = null, saving = false, validate, onSave, onEdit } = props
  const [draft, setDraft] = useState(value)
  const [saved, setSaved] = useState(value)
  const [invalid, setInvalid] = useState<string | null>(null)
  if (value !== saved) {
    // the saved value changed under the box (a save, a live reload): an edited draft stays
    setSaved(value)
    setDraft(draftAfterReload(draft, saved, value))
  }

  const edit = (next: string) => {
    setDraft(next)
    setInvalid(null)
    onEdit?.()
  }
  const save = async () => {
    const next = draft.trim()
    const problem = validate?.(next) ?? null
    if (problem !== null) {
      setInvalid(problem)
      return
    }
    const accepted = await onSave(next)
    setDraft(accepted ? next : value) // SPEC §5: a refused value gives way to the one the server kept
  }
  const shownError = invalid ?? error
  // Taro's H5 button reads disabled="false" as disabled: the attribute is left out when enabled.
  const saveDisabled = saving || draft.trim() === value || undefined
  // The box is named by the field's label (the Text above is not a <label> on H5)
  const box = { className: 'profile-field__input', value: draft, placeholder, maxlength, disabled: saving, nativeProps: { 'aria-label': label } }
  return (
    <View className={`profile-field${shownError ? ' profile-field--error' : ''}`}>
      <Text className='profile-field__label'>{label}</Text>
      <View className='profile-field__row'>
        {multiline
          ? <Textarea {...box} autoHeight onInput={event => edit(event.detail.value)} />
          : <Input {...box} type='text' onInput={event => edit(event.detail.value)} />}
        <Button className='profile-field__save' size='mini' disabled={disabledIf(saveDisabled)} loading={saving} onClick={() => { void save() }}>{t('save')}</Button>
      </View>
      {shownError && <Text className='profile-field__error'>{shownError}</Text>}
    </View>
  )
}
