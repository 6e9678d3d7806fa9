/**
 * 谁是卧底 (who is the spy), for 4–8 players (SPEC §4 type 10, docs/games.md). At the
 * start one word pair is drawn, and one seat — the spy — gets one word of it, everyone else
 * the other (pair, side and seat from the seed). Each round, the seats still in describe
 * their word in seat order (1…SPY_DESCRIPTION_MAX_LENGTH characters, never their own
 * word), then all vote at once for another seat still in; the most votes goes out (a tie:
 * nobody). The spy out: the civilians win (`spy_caught`); three or fewer left with the spy
 * among them, or the last round played: the spy wins (`spy_survived`).
 *
 * A turn timer's end skips the seat's description, or casts no vote for it. A seat that
 * leaves goes out and loses whatever happens; the spy leaving hands the civilians the win
 * (`forfeit`). A view holds only the viewer's own word (a watcher's none), and during a
 * vote only who has voted; at the end everything is revealed.
 */
import type { GameDefinition, GameOutcome, MoveOutcome } from './definition'
import type { SpyDescription, SpyMove, SpyRound, SpyView } from './views'
import { SPY_DESCRIPTION_MAX_LENGTH } from '../../wire/plaza-codes'
import { randomBelow, seededRandom } from './random'

/** Fewest and most players. */
export const SPY_SEATS = { min: 4, max: 8 } as const
/** Seats a new table starts with. */
export const SPY_SEATS_DEFAULT = 6
/** The spy wins once this few seats (or fewer) are left with it among them. */
export const SPY_SURVIVES_AT = 3

/**
 * The word pairs: close enough that a description fits both, never one inside the other
 * (a view holding its viewer's word must not hold the other word too).
 */
export const SPY_WORD_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['苹果', '梨'], ['牛奶', '豆浆'], ['饺子', '馄饨'], ['包子', '馒头'], ['火锅', '麻辣烫'],
  ['可乐', '雪碧'], ['咖啡', '奶茶'], ['西瓜', '哈密瓜'], ['橙子', '橘子'], ['月饼', '汤圆'],
  ['筷子', '勺子'], ['口红', '唇膏'], ['围巾', '手套'], ['雨伞', '雨衣'], ['电梯', '楼梯'],
  ['地铁', '公交'], ['飞机', '火车'], ['自行车', '电动车'], ['医生', '护士'], ['老师', '教练'],
  ['警察', '保安'], ['猫', '老虎'], ['狗', '狼'], ['蝴蝶', '蜜蜂'], ['玫瑰', '月季'],
  ['钢琴', '吉他'], ['足球', '篮球'], ['游泳', '跑步'], ['微信', '微博'], ['手机', '平板'],
  ['电视', '电脑'], ['牙刷', '梳子'], ['枕头', '被子'], ['沙发', '床垫'], ['长城', '故宫'],
  ['春节', '中秋'], ['婚纱', '旗袍'], ['面条', '米粉'], ['酸奶', '冰淇淋'], ['太阳', '月亮'],
]

/** A spy game. Plain data (stored as JSON); `words` and `spy` never leave the server but through {@link spy}'s view. */
export interface SpyState {
  /** By seat: the word that seat was dealt. */
  words: string[]
  spy: number
  phase: SpyView['phase']
  /** 1-based. */
  round: number
  /** The last round: if it ends with the spy still in, the spy wins. */
  roundsMax: number
  /** Seats still in, ascending. */
  alive: number[]
  describing: number | null
  /** This round's descriptions so far. */
  descriptions: SpyDescription[]
  /** This vote, by seat: whom the seat voted for (null: not yet, no vote, or out). */
  votes: Array<number | null>
  /** Seats that have voted in this vote (a timer's end counts, with no vote). */
  voted: number[]
  rounds: SpyRound[]
  /** Seats that left: out, and losers whoever wins. */
  forfeited: number[]
  result: GameOutcome | null
}

/** The spy won or lost: its outcome by seat, with leavers among the losers. */
function ending (state: SpyState, spyWins: boolean, how: GameOutcome['how']): GameOutcome {
  const civilians = state.words.map((_, seat) => seat).filter(seat => seat !== state.spy)
  if (spyWins) return { winners: [state.spy], losers: civilians, draw: false, how }
  const stayed = civilians.filter(seat => !state.forfeited.includes(seat))
  const left = civilians.filter(seat => state.forfeited.includes(seat))
  return { winners: stayed, losers: [state.spy, ...left], draw: false, how }
}

function over (state: SpyState, result: GameOutcome): SpyState {
  return { ...state, phase: 'over', describing: null, result }
}

/** The next seat to describe this round (the first seat still in that has not), or null when all have. */
function nextDescriber (alive: readonly number[], descriptions: readonly SpyDescription[]): number | null {
  return alive.find(seat => !descriptions.some(description => description.seat === seat)) ?? null
}

/** The game (not over) after a change of its alive set or this round's descriptions or votes: over, on to the vote, or as it is. */
function settle (state: SpyState): SpyState {
  if (state.alive.length <= SPY_SURVIVES_AT && state.alive.includes(state.spy)) return over(state, ending(state, true, 'spy_survived'))
  if (state.phase === 'describe') {
    const describing = nextDescriber(state.alive, state.descriptions)
    return describing === null ? { ...state, phase: 'vote', describing: null } : { ...state, describing }
  }
  return state.alive.every(seat => state.voted.includes(seat)) ? countVotes(state) : state
}

/** The seat with the most votes, or null on a tie (or no vote at all). */
function mostVoted (votes: ReadonlyArray<number | null>): number | null {
  const tally = new Map<number, number>()
  for (const vote of votes) if (vote !== null) tally.set(vote, (tally.get(vote) ?? 0) + 1)
  const best = Math.max(0, ...tally.values())
  const leaders = [...tally].filter(([, count]) => count === best).map(([seat]) => seat)
  return best > 0 && leaders.length === 1 ? leaders[0] : null
}

/** Every seat still in has voted: the round ends, someone goes out or nobody, then the game ends or the next round starts. */
function countVotes (state: SpyState): SpyState {
  const out = mostVoted(state.votes)
  const round: SpyRound = { descriptions: state.descriptions, votes: state.votes, out, outWasSpy: out === null ? null : out === state.spy }
  const alive = state.alive.filter(seat => seat !== out)
  const ended = { ...state, alive, rounds: [...state.rounds, round] }
  if (out === state.spy) return over(ended, ending(ended, false, 'spy_caught'))
  if (state.round >= state.roundsMax) return over(ended, ending(ended, true, 'spy_survived'))
  return settle({
    ...ended,
    phase: 'describe',
    round: state.round + 1,
    descriptions: [],
    votes: state.words.map(() => null),
    voted: [],
    describing: null,
  })
}

/** A description from the wire: trimmed, 1…SPY_DESCRIPTION_MAX_LENGTH characters (code points). */
function descriptionOf (text: string): string | null {
  const trimmed = text.trim()
  const length = Array.from(trimmed).length
  return length >= 1 && length <= SPY_DESCRIPTION_MAX_LENGTH ? trimmed : null
}

function describe (state: SpyState, seat: number, text: string): MoveOutcome<SpyState> {
  if (state.phase !== 'describe') return { ok: false, reason: 'bad_move' }
  const said = descriptionOf(text)
  if (said === null || said.includes(state.words[seat])) return { ok: false, reason: 'bad_text' } // only one's own word is checked: refusing the other would tell it
  return { ok: true, state: settle({ ...state, descriptions: [...state.descriptions, { seat, text: said, skipped: false }] }) }
}

function vote (state: SpyState, seat: number, target: number): MoveOutcome<SpyState> {
  if (state.phase !== 'vote' || target === seat || !state.alive.includes(target)) return { ok: false, reason: 'bad_vote' }
  const votes = state.votes.slice()
  votes[seat] = target
  return { ok: true, state: settle({ ...state, votes, voted: [...state.voted, seat] }) }
}

function toMove (state: SpyState): number[] {
  if (state.phase === 'describe') return state.alive.filter(seat => seat === state.describing)
  if (state.phase === 'vote') return state.alive.filter(seat => !state.voted.includes(seat))
  return []
}

function play (state: SpyState, seat: number, move: SpyMove): MoveOutcome<SpyState> {
  if (state.phase === 'over') return { ok: false, reason: 'over' }
  if (!toMove(state).includes(seat)) return { ok: false, reason: 'not_your_turn' }
  const parsed = parseSpyMove(move)
  if (parsed === null) return { ok: false, reason: 'bad_move' }
  return 'describe' in parsed ? describe(state, seat, parsed.describe) : vote(state, seat, parsed.vote)
}

/** A move from the wire: exactly `{describe: string}` or `{vote: integer}`; null for anything else. */
export function parseSpyMove (input: unknown): SpyMove | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const fields = input as Record<string, unknown>
  const keys = Object.keys(fields)
  if (keys.length !== 1) return null
  if (keys[0] === 'describe' && typeof fields.describe === 'string') return { describe: fields.describe }
  if (keys[0] === 'vote' && typeof fields.vote === 'number' && Number.isInteger(fields.vote)) return { vote: fields.vote }
  return null
}

function timeout (state: SpyState, seat: number): SpyState {
  if (!toMove(state).includes(seat)) return state
  if (state.phase === 'describe') return settle({ ...state, descriptions: [...state.descriptions, { seat, text: '', skipped: true }] })
  return settle({ ...state, voted: [...state.voted, seat] })
}

function forfeit (state: SpyState, seat: number): SpyState {
  if (state.phase === 'over' || !state.alive.includes(seat)) return state
  const gone = { ...state, alive: state.alive.filter(alive => alive !== seat), forfeited: [...state.forfeited, seat] }
  if (seat === state.spy) return over(gone, ending(gone, false, 'forfeit'))
  // Whoever voted for the seat that left votes again; its own vote is void.
  const recast = state.votes.map((target, voter) => target === seat || voter === seat ? null : target)
  const voted = state.voted.filter(voter => voter !== seat && state.votes[voter] !== seat)
  return settle({ ...gone, votes: recast, voted })
}

function setup (seats: number, seed: number): SpyState {
  if (!Number.isInteger(seats) || seats < SPY_SEATS.min || seats > SPY_SEATS.max) {
    throw new RangeError(`spy is played by ${SPY_SEATS.min}–${SPY_SEATS.max} seats, not ${seats}`)
  }
  const random = seededRandom(seed)
  const pair = SPY_WORD_PAIRS[randomBelow(random, SPY_WORD_PAIRS.length)]
  const spySide = randomBelow(random, 2)
  const spySeat = randomBelow(random, seats)
  const seatList = Array.from({ length: seats }, (_, seat) => seat)
  return {
    words: seatList.map(seat => pair[seat === spySeat ? spySide : 1 - spySide]),
    spy: spySeat,
    phase: 'describe',
    round: 1,
    roundsMax: seats,
    alive: seatList,
    describing: 0,
    descriptions: [],
    votes: seatList.map(() => null),
    voted: [],
    rounds: [],
    forfeited: [],
    result: null,
  }
}

function view (state: SpyState, seat: number | null): SpyView {
  const isSeat = seat !== null && seat >= 0 && seat < state.words.length
  const ended = state.phase === 'over'
  return {
    phase: state.phase,
    round: state.round,
    word: isSeat ? state.words[seat] : null, // a seat's own word only; a watcher none
    alive: state.alive.slice(),
    describing: state.describing,
    descriptions: state.descriptions.map(description => ({ ...description })),
    voted: state.voted.slice(), // who has voted, never for whom, until the round ends
    rounds: state.rounds.map(round => ({ ...round, descriptions: round.descriptions.map(description => ({ ...description })), votes: round.votes.slice() })),
    reveal: ended ? { words: state.words.slice(), spy: state.spy } : null,
  }
}

/** 谁是卧底's definition (the registry's `spy`, ./index.ts). */
export const spy: GameDefinition<SpyState, SpyMove, SpyView> = {
  id: 'spy',
  seats: SPY_SEATS,
  defaultSeats: SPY_SEATS_DEFAULT,
  timeoutLoses: false,
  setup,
  parseMove: parseSpyMove,
  move: play,
  toMove,
  timeout,
  forfeit,
  view,
  outcome: state => state.result,
}
