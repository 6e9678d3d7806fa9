/**
 * The plaza's ratings (SPEC §4 type 10, core/wire/plaza.ts GameRecord): Elo, every member
 * starting each game's rating at PLAZA_RATING_START. A game of two or more is scored as
 * matches between each winner and each loser (a win 1, a loss 0), a draw as matches between
 * every two seats (½ each); a seat's change is K times the mean over its matches of
 * (score − expected score), so one game moves a rating by at most K whatever the seats.
 * Two players' changes are exact opposites (zero-sum); rounding is symmetric to keep them so.
 */
import type { GameOutcome } from './definition'
import { PLAZA_RATING_START } from '../../wire/plaza-codes'

/**
 * The K-factor: the most one game moves a rating. 32 is the classic value for players
 * without a long record — the plaza's are casual games, and a rating should settle within
 * a few dozen of them.
 */
export const ELO_K = 32

/** A new member's rating in a game. */
export const RATING_START = PLAZA_RATING_START

/** The score `rating` is expected to make against `opponent` (0…1; 0.5 between equals). */
export function expectedScore (rating: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - rating) / 400))
}

/** Rounds half away from zero, so that x and −x round to opposites. */
function roundSymmetric (value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value))
}

/** Each seat's matches in `outcome`: the seats it is scored against and its score against them. */
function matchesOf (seat: number, seats: number, outcome: GameOutcome): { opponents: number[], score: number } {
  if (outcome.draw) return { opponents: Array.from({ length: seats }, (_, other) => other).filter(other => other !== seat), score: 0.5 }
  if (outcome.winners.includes(seat)) return { opponents: outcome.losers, score: 1 }
  if (outcome.losers.includes(seat)) return { opponents: outcome.winners, score: 0 }
  return { opponents: [], score: 0 }
}

/**
 * The ratings after a game: `ratings` by seat before it (a member's current rating, or
 * RATING_START), the same seats' ratings after `outcome`, as integers. A seat neither
 * winning nor losing (in a game that was not a draw) keeps its rating.
 */
export function ratingsAfter (ratings: readonly number[], outcome: GameOutcome): number[] {
  return ratings.map((rating, seat) => {
    const { opponents, score } = matchesOf(seat, ratings.length, outcome)
    if (opponents.length === 0) return rating
    const surprise = opponents.reduce((sum, other) => sum + score - expectedScore(rating, ratings[other]), 0) / opponents.length
    return rating + roundSymmetric(ELO_K * surprise)
  })
}
