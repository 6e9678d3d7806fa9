/**
 * The records a game's end writes (game_records, once, with the change that ended it): each
 * player's win, loss or draw, and their Elo rating after the game (core/domain/games/rating.ts).
 */
import type { GameOutcome } from '@core/domain/games/definition'
import { ratingsAfter } from '@core/domain/games/rating'
import { PLAZA_RATING_START } from '@core/wire/plaza-codes'
import type { GameRecordsTable, PlazaTablesTable, StoredSeat } from '../db/tables/plaza'

/** The players of an ended game by seat (a seat whose player is gone counts for nobody). */
export function playersOf (row: PlazaTablesTable): Array<string | null> {
  return (JSON.parse(row.seats) as StoredSeat[]).map(seat => seat.uid)
}

/** The records of the players of `row`'s game after `outcome`, from their `current` ones (a player without one starts at PLAZA_RATING_START). */
export function ratedRecords (row: PlazaTablesTable, outcome: GameOutcome, current: readonly GameRecordsTable[]): GameRecordsTable[] {
  const bySeat = playersOf(row)
  const recordOf = (uid: string): GameRecordsTable => current.find(record => record.uid === uid) ??
    { server_id: row.server_id, game: row.game, uid, wins: 0, losses: 0, draws: 0, rating: PLAZA_RATING_START }
  // every seat is rated (by seat, as the outcome names them); a seat without a player counts for nobody
  const ratings = ratingsAfter(bySeat.map(uid => uid === null ? PLAZA_RATING_START : recordOf(uid).rating), outcome)
  return bySeat.flatMap((uid, seat) => {
    if (uid === null) return []
    const record = recordOf(uid)
    const won = outcome.winners.includes(seat)
    const lost = outcome.losers.includes(seat)
    return [{
      ...record,
      wins: record.wins + (won ? 1 : 0),
      losses: record.losses + (lost ? 1 : 0),
      draws: record.draws + (outcome.draw ? 1 : 0),
      rating: ratings[seat],
    }]
  })
}
