import { GAME_IDS, GAMES, gameDefinition, gamesOnOffer, isGameId } from '@core/domain/games'

describe('the games registry', () => {
  it('has one definition per game id, under its own id', () => {
    expect(Object.keys(GAMES).sort()).toEqual([...GAME_IDS].sort())
    for (const id of GAME_IDS) {
      expect(GAMES[id].id).toBe(id)
      expect(gameDefinition(id)).toBe(GAMES[id])
      expect(isGameId(id)).toBe(true)
    }
  })

  it('lists the games on offer with their seats, each setting up a game at its default', () => {
    expect(gamesOnOffer()).toEqual([
      { game: 'gomoku', seats_min: 2, seats_max: 2, seats_default: 2 },
      { game: 'reversi', seats_min: 2, seats_max: 2, seats_default: 2 },
      { game: 'spy', seats_min: 4, seats_max: 8, seats_default: 6 },
    ])
    for (const game of gamesOnOffer()) {
      const definition = gameDefinition(game.game)
      expect(game.seats_min).toBeLessThanOrEqual(game.seats_default)
      expect(game.seats_default).toBeLessThanOrEqual(game.seats_max)
      const state = definition.setup(game.seats_default, 1)
      expect(definition.outcome(state)).toBeNull()
      expect(definition.toMove(state).length).toBeGreaterThan(0)
      expect(JSON.parse(JSON.stringify(state))).toEqual(state) // plain data: stored as JSON
    }
  })
})
