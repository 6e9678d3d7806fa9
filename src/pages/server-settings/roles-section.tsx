import { useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { Switch } from '@/components/page-elements/switch'
import { hasPermission, Permission, type PermissionName } from '@core/domain/permissions'
import { isBotRole } from '@core/domain/role'
import { ROLE_NAME_MAX_LENGTH } from '@core/wire/trust-paths'
import type { ServerRole } from '@core/wire/trust'
import ProfileField from '@/components/profile-field'
import SettingsChoice from '@/components/settings-choice'
import { t } from '@/i18n'
import { ROLE_COLOURS, type RoleSettingsStore } from '@/stores/settings/role-settings-store'
import { permissionLabel } from '@/stores/support/refusal'
import { modal } from '@/utils/feedback'
import { CreateRow, logFailure, SectionRefusal, SectionState } from './section-state'
import { pressable } from '@/utils/pressable'
import { disabledIf } from '@/utils/disabled-if'

/** Every permission, in the order core/domain/permissions.ts declares them. */
const PERMISSION_NAMES = Object.keys(Permission) as PermissionName[]

/** One role: its colour, name, place buttons and, opened, its name, colour and permissions. */
const RoleRow = observer(function RoleRow ({ roles, role, first, last }: { roles: RoleSettingsStore, role: ServerRole, first: boolean, last: boolean }) {
  const [open, setOpen] = useState(false)
  const everyone = roles.isEveryone(role)
  const busy = roles.action.busy
  const name = everyone ? t('settingsEveryone') : role.name
  const run = (what: string, action: () => Promise<unknown>) => () => { action().catch(logFailure(what)) }
  const confirmDelete = async () => {
    if (await modal({ content: t('settingsRoleDeleteConfirm', { name: role.name }) })) await roles.remove(role.role_id)
  }
  return (
    <View className='server-settings__row server-settings__role'>
      <View className='server-settings__row-head' aria-expanded={open} {...pressable(() => setOpen(!open))}>
        <View className='server-settings__swatch' style={{ background: role.color || '#c9cdd4' }} />
        {/* the swatch carries the role's colour: a name in it (管理员 in #e5484d) fell short of AA */}
        <Text className='server-settings__row-name'>{name}</Text>
        {isBotRole(role) && <Text className='server-settings__tag'>{t('settingsRoleBot')}</Text>}
      </View>
      {!everyone && (
        <View className='server-settings__row-actions'>
          <Button size='mini' className='server-settings__small' disabled={disabledIf(busy || first)} onClick={run('moving a role', () => roles.move(role.role_id, -1))}>{t('settingsRoleUp')}</Button>
          <Button size='mini' className='server-settings__small' disabled={disabledIf(busy || last)} onClick={run('moving a role', () => roles.move(role.role_id, 1))}>{t('settingsRoleDown')}</Button>
          <Button size='mini' className='server-settings__small server-settings__danger' disabled={disabledIf(busy)} onClick={run('deleting a role', confirmDelete)}>{t('settingsDelete')}</Button>
        </View>
      )}
      {open && (
        <View className='server-settings__role-detail'>
          {!everyone && (
            <ProfileField label={t('settingsRename')} value={role.name} maxlength={ROLE_NAME_MAX_LENGTH} saving={roles.action.busy} onSave={value => roles.rename(role.role_id, value)} />
          )}
          {!everyone && (
            <View className='server-settings__field'>
              <Text className='server-settings__label'>{t('settingsRoleColour')}</Text>
              <SettingsChoice
                label={t('settingsRoleColour')}
                options={ROLE_COLOURS.map(colour => ({ value: colour, label: colour === '' ? t('settingsColourNone') : colour, swatch: colour }))}
                value={role.color}
                disabled={disabledIf(roles.action.busy)}
                onChange={colour => { roles.setColour(role.role_id, colour).catch(logFailure('colouring a role')) }}
              />
            </View>
          )}
          <Text className='server-settings__label'>{t('settingsRolePermissions')}</Text>
          {PERMISSION_NAMES.map(permission => (
            <View key={permission} className='server-settings__permission'>
              <Text className='server-settings__permission-name'>{permissionLabel(permission)}</Text>
              <Switch
                checked={hasPermission(role.permissions, Permission[permission])}
                disabled={disabledIf(roles.action.busy)}
                ariaLabel={permissionLabel(permission)}
                onChange={() => { roles.togglePermission(role.role_id, Permission[permission]).catch(logFailure('changing a permission')) }}
              />
            </View>
          ))}
        </View>
      )}
    </View>
  )
})

/** The Roles section: the roles in order (@everyone last), a new role's name, and each role's settings. */
function RolesSection ({ roles }: { roles: RoleSettingsStore }) {
  const [draft, setDraft] = useState('')
  const ordered = roles.ordered
  const movable = ordered.filter(role => !roles.isEveryone(role))
  const create = async () => {
    if (await roles.create(draft)) setDraft('')
  }
  return (
    <View className='server-settings__section server-settings__roles'>
      <CreateRow
        value={draft}
        placeholder={t('settingsRoleNew')}
        maxlength={ROLE_NAME_MAX_LENGTH}
        label={t('settingsRoleCreate')}
        busy={roles.action.busy}
        onInput={value => { setDraft(value); roles.action.clear() }}
        onCreate={() => { create().catch(logFailure('creating a role')) }}
      />
      <SectionRefusal message={roles.action.error} />
      <SectionState status={roles.status} error={roles.error} retryable={roles.retryable} emptyText={t('settingsRolesEmpty')} onRetry={() => { roles.load().catch(logFailure('loading the roles')) }} />
      {roles.status === 'ready' && ordered.map(role => (
        <RoleRow key={role.role_id} roles={roles} role={role} first={movable[0] === role} last={movable[movable.length - 1] === role} />
      ))}
    </View>
  )
}

export default observer(RolesSection)
