import { spy, parseSpyMove, SPY_WORD_PAIRS, SPY_SURVIVES_AT, type SpyState } from '@core/domain/games/spy'
import type { SpyMove } from '@core/domain/games/views'
import { randomBelow } from '@core/domain/games/random'
import { replay } from '@core/domain/games/replay'
import { SPY_DESCRIPTION_MAX_LENGTH } from '@core/wire/plaza-codes'
import { playRandom, seeds, type Chooser } from './support'

/** A random description (never a word of any pair), a random vote for another seat still in, now and then a timeout or forfeit. */
const randomPlayer: Chooser<SpyState, SpyMove> = (state, seat, random) => {
  const roll = random.next()
  if (roll < 0.08) return { seat, timeout: true }
  if (roll < 0.1) return { seat: state.alive[randomBelow(random, state.alive.length)], forfeit: true }
  if (state.phase === 'describe') return { seat, move: { describe: `  描述${randomBelow(random, 1000)} ` } }
  const others = state.alive.filter(other => other !== seat)
  return { seat, move: { vote: others[randomBelow(random, others.length)] } }
}

/** Plays `moves` of their seats in order. */
function playAll (state: SpyState, moves: Array<[number, SpyMove]>): SpyState {
  return moves.reduce((current, [seat, move]) => {
    const played = spy.move(current, seat, move)
    if (!played.ok) throw new Error(`${seat} ${JSON.stringify(move)}: ${played.reason}`)
    return played.state
  }, state)
}

/** Every seat still to describe this round does, in order. */
function describeAll (state: SpyState): SpyState {
  let current = state
  while (current.phase === 'describe') current = playAll(current, [[current.describing as number, { describe: '一种东西' }]])
  return current
}

/** Every seat still in votes for `target` (and `target` for `own`). */
function voteAll (state: SpyState, target: number, own: number): SpyState {
  return playAll(state, state.alive.map(seat => [seat, { vote: seat === target ? own : target }]))
}

/** A game of `seats` whose spy sits after `seat` and up to `last` (seeds tried in order). */
function gameWithSpyAfter (seats: number, seat: number, last = seats - 1): SpyState {
  for (let seed = 1; ; seed++) {
    const state = spy.setup(seats, seed)
    if (state.spy > seat && state.spy <= last) return state
  }
}

describe('谁是卧底', () => {
  it('has at least 30 word pairs, none repeated and neither word of a pair inside the other', () => {
    expect(SPY_WORD_PAIRS.length).toBeGreaterThanOrEqual(30)
    const words = SPY_WORD_PAIRS.flat()
    expect(new Set(words).size).toBe(words.length)
    for (const [a, b] of SPY_WORD_PAIRS) {
      expect(a.includes(b) || b.includes(a)).toBe(false)
      expect(/^\p{Script=Han}+$/u.test(a) && /^\p{Script=Han}+$/u.test(b)).toBe(true)
    }
  })

  it('deals one pair from the seed: the spy one word, every other seat the other', () => {
    const spies = new Set<number>()
    for (const seed of seeds(60)) {
      const state = spy.setup(6, seed)
      expect(spy.setup(6, seed)).toEqual(state)
      const pair = SPY_WORD_PAIRS.find(([a, b]) => [a, b].includes(state.words[state.spy]))
      expect(pair).toBeDefined()
      const civilian = pair?.find(word => word !== state.words[state.spy])
      expect(state.words.filter((_, seat) => seat !== state.spy).every(word => word === civilian)).toBe(true)
      spies.add(state.spy)
    }
    expect(spies.size).toBe(6)
    expect(() => spy.setup(3, 1)).toThrow(RangeError)
    expect(() => spy.setup(9, 1)).toThrow(RangeError)
    expect(() => spy.setup(4.5, 1)).toThrow(RangeError)
    expect([spy.timeoutLoses, spy.seats, spy.defaultSeats]).toEqual([false, { min: 4, max: 8 }, 6])
  })

  it.each([
    ['a string', '苹果'], ['null', null], ['an array', [{ vote: 1 }]], ['both', { describe: 'x', vote: 1 }], ['a numeric description', { describe: 5 }],
    ['a string vote', { vote: '1' }], ['a NaN vote', { vote: NaN }], ['a fraction vote', { vote: 1.5 }], ['another field', { say: 'x' }], ['nothing', {}],
  ])('refuses %s as a move', (_, input) => {
    expect(parseSpyMove(input)).toBeNull()
    expect(spy.move(spy.setup(4, 1), 0, input as SpyMove)).toEqual({ ok: false, reason: 'bad_move' })
  })

  it('keeps one spy, a shrinking alive set and the turn order over many random games, and replays each', () => {
    for (const seed of seeds(30)) {
      const seats = 4 + (seed % 5)
      const { states, steps } = playRandom(spy, seats, seed, randomPlayer)
      states.forEach((state, i) => {
        expect(state.words.filter(word => word === state.words[state.spy])).toHaveLength(1)
        expect(state.alive).toEqual([...state.alive].sort((a, b) => a - b))
        if (i > 0) expect(states[i - 1].alive).toEqual(expect.arrayContaining(state.alive))
        if (state.phase === 'describe') {
          // in seat order: every seat before the one describing has (a seat that left keeps what it said)
          const said = state.descriptions.map(description => description.seat)
          const describing = state.describing as number
          expect(said.every((seat, k) => seat < describing && (k === 0 || said[k - 1] < seat))).toBe(true)
          expect(said).toEqual(expect.arrayContaining(state.alive.filter(seat => seat < describing)))
          expect(spy.toMove(state)).toEqual([state.describing])
        }
        if (state.phase === 'vote') expect(spy.toMove(state)).toEqual(state.alive.filter(seat => !state.voted.includes(seat)))
        if (state.phase === 'over') {
          expect(spy.toMove(state)).toEqual([])
          const result = spy.outcome(state)
          expect(result).not.toBeNull()
          expect([...(result?.winners ?? []), ...(result?.losers ?? [])].sort()).toEqual(state.words.map((_, seat) => seat))
        } else {
          expect(state.alive.length > SPY_SURVIVES_AT || !state.alive.includes(state.spy)).toBe(true)
          expect(state.alive).toContain(state.spy)
          expect(state.round).toBeLessThanOrEqual(state.roundsMax)
        }
        // out of turn: refused, unchanged
        const waiting = spy.toMove(state)
        const idle = state.words.map((_, seat) => seat).find(seat => !waiting.includes(seat))
        if (idle !== undefined) {
          const snapshot = JSON.stringify(state)
          expect(spy.move(state, idle, { describe: '好吃' })).toEqual({ ok: false, reason: state.phase === 'over' ? 'over' : 'not_your_turn' })
          expect(spy.timeout(state, idle)).toBe(state)
          expect(JSON.stringify(state)).toBe(snapshot)
        }
      })
      expect(replay(spy, seats, seed, steps)).toEqual(states[states.length - 1])
    }
  })

  it('never shows a seat another seat\'s word, nor a watcher any, in any view of any state before the end', () => {
    const leaks: string[] = []
    let views = 0
    for (const seed of seeds(60)) {
      const seats = 4 + (seed % 5)
      const { states } = playRandom(spy, seats, seed, randomPlayer)
      for (const state of states) {
        const words = [...new Set(state.words)]
        const viewers: Array<number | null> = [null, -1, seats, ...state.words.map((_, seat) => seat)]
        for (const viewer of viewers) {
          const view = spy.view(state, viewer)
          const shown = JSON.stringify(view)
          views++
          const own = viewer !== null && viewer >= 0 && viewer < seats ? state.words[viewer] : null
          if (view.word !== own) leaks.push(`word ${view.word} to ${viewer}, seed ${seed}`)
          if (state.phase === 'over') {
            if (JSON.stringify(view.reveal) !== JSON.stringify({ words: state.words, spy: state.spy })) leaks.push(`no reveal, seed ${seed}`)
            continue
          }
          if (view.reveal !== null) leaks.push(`reveal before the end, seed ${seed}`)
          for (const word of words) if (word !== own && shown.includes(word)) leaks.push(`${word} to ${viewer}, seed ${seed}: ${shown}`)
        }
      }
    }
    expect(leaks).toEqual([])
    expect(views).toBeGreaterThan(1000)
  })

  it('refuses a description that is empty, too long or names the seat\'s own word, and keeps it trimmed', () => {
    const state = spy.setup(5, 3)
    const own = state.words[0]
    expect(spy.move(state, 0, { describe: '   ' })).toEqual({ ok: false, reason: 'bad_text' })
    expect(spy.move(state, 0, { describe: '长'.repeat(SPY_DESCRIPTION_MAX_LENGTH + 1) })).toEqual({ ok: false, reason: 'bad_text' })
    expect(spy.move(state, 0, { describe: `像${own}一样` })).toEqual({ ok: false, reason: 'bad_text' })
    expect(spy.move(state, 0, { vote: 1 })).toEqual({ ok: false, reason: 'bad_vote' })
    const said = playAll(state, [[0, { describe: ` ${'长'.repeat(SPY_DESCRIPTION_MAX_LENGTH)} ` }]])
    expect(said.descriptions).toEqual([{ seat: 0, text: '长'.repeat(SPY_DESCRIPTION_MAX_LENGTH), skipped: false }])
    expect(spy.toMove(said)).toEqual([1])
  })

  it('votes all at once, refusing oneself, a seat out and a description, then puts the most voted out', () => {
    const state = gameWithSpyAfter(5, 1)
    const voting = describeAll(state)
    expect(voting.phase).toBe('vote')
    expect(spy.toMove(voting)).toEqual([0, 1, 2, 3, 4])
    expect(spy.move(voting, 2, { vote: 2 })).toEqual({ ok: false, reason: 'bad_vote' })
    expect(spy.move(voting, 2, { vote: 7 })).toEqual({ ok: false, reason: 'bad_vote' })
    expect(spy.move(voting, 2, { describe: '好' })).toEqual({ ok: false, reason: 'bad_move' })
    const one = playAll(voting, [[3, { vote: 0 }]])
    expect(spy.toMove(one)).toEqual([0, 1, 2, 4])
    expect(spy.view(one, 1).voted).toEqual([3])
    const next = voteAll(voting, 0, 1)
    expect(next.alive).toEqual([1, 2, 3, 4])
    expect(next.rounds[0]).toMatchObject({ out: 0, outWasSpy: false, votes: [1, 0, 0, 0, 0] })
    expect([next.phase, next.round, next.describing]).toEqual(['describe', 2, 1])
    expect(spy.move(next, 1, { vote: 0 })).toEqual({ ok: false, reason: 'bad_vote' })
  })

  it('puts nobody out on a tie, and goes to the next round', () => {
    const state = describeAll(gameWithSpyAfter(4, 1))
    const tied = playAll(state, [[0, { vote: 1 }], [1, { vote: 0 }], [2, { vote: 1 }], [3, { vote: 0 }]])
    expect(tied.alive).toEqual([0, 1, 2, 3])
    expect(tied.rounds[0]).toMatchObject({ out: null, outWasSpy: null })
    expect(tied.round).toBe(2)
  })

  it('lets the civilians win when the spy is voted out, the spy when three are left with it', () => {
    const state = describeAll(spy.setup(6, 4))
    const caught = voteAll(state, state.spy, (state.spy + 1) % 6)
    expect(spy.outcome(caught)).toEqual({ winners: [0, 1, 2, 3, 4, 5].filter(seat => seat !== state.spy), losers: [state.spy], draw: false, how: 'spy_caught' })
    expect(spy.view(caught, null).reveal).toEqual({ words: state.words, spy: state.spy })
    expect(spy.move(caught, 0, { vote: 1 })).toEqual({ ok: false, reason: 'over' })
    expect(spy.forfeit(caught, 0)).toBe(caught)
    const four = gameWithSpyAfter(4, 0)
    const survived = voteAll(describeAll(four), 0, 1)
    expect(spy.outcome(survived)).toEqual({ winners: [four.spy], losers: [0, 1, 2, 3].filter(seat => seat !== four.spy), draw: false, how: 'spy_survived' })
    expect(survived.rounds[0].outWasSpy).toBe(false)
  })

  it('lets the spy win when the last round ends with it still in', () => {
    let state = describeAll(gameWithSpyAfter(4, 1))
    for (let round = 1; round <= state.roundsMax; round++) {
      expect(spy.outcome(state)).toBeNull()
      state = describeAll(playAll(state, [[0, { vote: 1 }], [1, { vote: 0 }], [2, { vote: 1 }], [3, { vote: 0 }]])) // a tie each round
    }
    expect(spy.outcome(state)?.how).toBe('spy_survived')
    expect(state.rounds).toHaveLength(4)
  })

  it('skips a description and casts no vote when a timer runs out', () => {
    const state = gameWithSpyAfter(5, 1)
    const skipped = spy.timeout(state, 0)
    expect(skipped.descriptions).toEqual([{ seat: 0, text: '', skipped: true }])
    expect(spy.toMove(skipped)).toEqual([1])
    const voting = describeAll(skipped)
    const none = spy.timeout(voting, 4)
    expect([none.voted, none.votes[4]]).toEqual([[4], null])
    expect(spy.toMove(none)).toEqual([0, 1, 2, 3])
    expect(spy.timeout(none, 4)).toBe(none)
  })

  it('puts a seat that leaves out (a loser whatever happens), and ends the game when it is the spy', () => {
    const state = gameWithSpyAfter(7, 2, 5)
    const left = spy.forfeit(state, 0)
    expect([left.alive, left.describing]).toEqual([[1, 2, 3, 4, 5, 6], 1])
    expect(spy.forfeit(left, 0)).toBe(left)
    const caught = spy.forfeit(left, left.spy)
    expect(spy.outcome(caught)).toEqual({
      winners: [1, 2, 3, 4, 5, 6].filter(seat => seat !== left.spy), losers: [left.spy, 0], draw: false, how: 'forfeit',
    })
    // in a vote: who voted for the leaver votes again, the leaver's own vote is void
    const voting = playAll(describeAll(left), [[1, { vote: 2 }], [2, { vote: 1 }], [3, { vote: 2 }]])
    const recast = spy.forfeit(voting, 2)
    expect([recast.voted, recast.votes]).toEqual([[], [null, null, null, null, null, null, null]])
    expect(spy.toMove(recast)).toEqual([1, 3, 4, 5, 6])
    // the last seat to vote leaving counts the vote: seat 1 out leaves three with the spy
    const almost = playAll(recast, [[1, { vote: 3 }], [3, { vote: 1 }], [4, { vote: 1 }], [5, { vote: 1 }]])
    const counted = spy.forfeit(almost, 6)
    expect(counted.rounds[0]).toMatchObject({ out: 1, outWasSpy: false })
    expect(spy.outcome(counted)?.how).toBe('spy_survived')
    // a leaver bringing it to three with the spy in: the spy wins, the leaver loses
    const four = spy.forfeit(spy.forfeit(gameWithSpyAfter(5, 1), 0), 1)
    expect(spy.outcome(four)).toEqual({ winners: [four.spy], losers: [0, 1, 2, 3, 4].filter(seat => seat !== four.spy), draw: false, how: 'spy_survived' })
  })
})
