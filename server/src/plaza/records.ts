/**
 * The records a game's end writes (game_records, once, with the change that ended it): each
 * player's win, loss or draw, and their Elo rating after the game — each player against the
 * average rating of the others, K = ELO_K, a winner scoring 1, a loser 0, a draw ½ (in a
 * party game with several winners, each winner against the losers and the other way round).
 */
import type { GameOutcome } from '@core/domain/games/definition'
import { PLAZA_RATING_START } from '@core/wire/plaza-codes'
import type { GameRecordsTable, PlazaTablesTable, StoredSeat } from '../db/tables/plaza'

/** The most one game moves a rating. */
export const ELO_K = 32

/** The ratings after `outcome` of the players in `seats` (rated `ratings`, in that order). */
function ratingsAfter (ratings: readonly number[], outcome: GameOutcome, seats: readonly number[]): number[] {
  const scoreOf = (seat: number): number | null => outcome.draw ? 0.5 : outcome.winners.includes(seat) ? 1 : outcome.losers.includes(seat) ? 0 : null
  return seats.map((seat, index) => {
    const score = scoreOf(seat)
    // opponents: everyone else in a draw; the other side otherwise
    const opponents = seats.map((other, at) => ({ other, at })).filter(({ other, at }) => at !== index && (outcome.draw || scoreOf(other) !== score) && scoreOf(other) !== null)
    if (score === null || opponents.length === 0) return ratings[index]
    const against = opponents.reduce((sum, { at }) => sum + ratings[at], 0) / opponents.length
    const expected = 1 / (1 + 10 ** ((against - ratings[index]) / 400))
    return Math.round(ratings[index] + ELO_K * (score - expected))
  })
}

/** The players of an ended game by seat (a seat whose player is gone counts for nobody). */
export function playersOf (row: PlazaTablesTable): Array<string | null> {
  return (JSON.parse(row.seats) as StoredSeat[]).map(seat => seat.uid)
}

/** The records of the players of `row`'s game after `outcome`, from their `current` ones (a player without one starts at PLAZA_RATING_START). */
export function ratedRecords (row: PlazaTablesTable, outcome: GameOutcome, current: readonly GameRecordsTable[]): GameRecordsTable[] {
  const bySeat = playersOf(row)
  const recordOf = (uid: string): GameRecordsTable => current.find(record => record.uid === uid) ??
    { server_id: row.server_id, game: row.game, uid, wins: 0, losses: 0, draws: 0, rating: PLAZA_RATING_START }
  const seats = bySeat.flatMap((uid, seat) => uid === null ? [] : [seat])
  const ratings = ratingsAfter(seats.map(seat => recordOf(bySeat[seat] as string).rating), outcome, seats)
  return seats.map((seat, index) => {
    const record = recordOf(bySeat[seat] as string)
    const won = outcome.winners.includes(seat)
    const lost = outcome.losers.includes(seat)
    return {
      ...record,
      wins: record.wins + (won ? 1 : 0),
      losses: record.losses + (lost ? 1 : 0),
      draws: record.draws + (outcome.draw ? 1 : 0),
      rating: ratings[index],
    }
  })
}
