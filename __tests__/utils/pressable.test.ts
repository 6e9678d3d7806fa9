import { pressable } from '@/utils/pressable'

describe('pressable (H5)', () => {
  it('makes a View a focusable button pressed by a tap, Enter or Space', () => {
    const onPress = jest.fn()
    const props = pressable(onPress) as { tabIndex: number, role: string, onClick: () => void, onKeyDown: (event: object) => void }
    expect(props.tabIndex).toBe(0)
    expect(props.role).toBe('button')
    props.onClick()
    const enter = { key: 'Enter', preventDefault: jest.fn(), stopPropagation: jest.fn() }
    props.onKeyDown(enter)
    props.onKeyDown({ key: ' ' })
    expect(onPress).toHaveBeenCalledTimes(3)
    expect(enter.preventDefault).toHaveBeenCalled()
    expect(enter.stopPropagation).toHaveBeenCalled() // a like inside a card does not also open the card
  })

  it('leaves other keys to the page', () => {
    const onPress = jest.fn()
    const props = pressable(onPress) as { onKeyDown: (event: object) => void }
    const tab = { key: 'Tab', preventDefault: jest.fn() }
    props.onKeyDown(tab)
    props.onKeyDown({})
    expect(onPress).not.toHaveBeenCalled()
    expect(tab.preventDefault).not.toHaveBeenCalled()
  })
})

describe('pressable (mini-program)', () => {
  it('gives only the tap: the mini-program has no keyboard', () => {
    const { pressable: miniProgramPressable } = jest.requireActual<typeof import('@/utils/pressable')>('@/utils/pressable.ts')
    const onPress = jest.fn()
    const props = miniProgramPressable(onPress) as { onClick: () => void }
    expect(Object.keys(props)).toEqual(['onClick'])
    props.onClick()
    expect(onPress).toHaveBeenCalledTimes(1)
  })
})
