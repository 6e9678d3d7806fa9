/**
 * The plaza's refusals (core/wire/codes.ts SERVER_CODES PLAZA_*): each a 4xx envelope with
 * its own code and words in both languages, thrown before anything is written.
 */
import type { GameRefusal } from '@core/domain/games/definition'
import { SERVER_CODES } from '@core/wire/codes'
import { PLAZA_OPEN_TABLES_MAX, PLAZA_TABLES_PER_MEMBER_MAX } from '@core/wire/plaza-codes'
import { ApiError, type SpokenMessage } from '../errors'

/** A refusal of HTTP `status` with `code`, spoken in both languages (the log reads `en`). */
function refusal (status: number, code: number, spoken: SpokenMessage, retryAfterSeconds?: number): ApiError {
  return new ApiError(status, code, spoken.en, spoken, retryAfterSeconds)
}

/** Every plaza refusal, by name. */
export const plazaRefused = {
  notAPlaza: (channelId: string) => refusal(400, SERVER_CODES.PLAZA_NOT_A_PLAZA, { 'zh-CN': '这个频道不是游戏广场', en: `path.channel_id: channel ${channelId} is not a game plaza` }),
  badSeats: (min: number, max: number) => refusal(400, SERVER_CODES.PLAZA_BAD_TABLE, { 'zh-CN': `这个游戏需要 ${min}–${max} 个座位`, en: `body.seats: this game seats ${min} to ${max}` }),
  notAChat: (channelId: string) => refusal(400, SERVER_CODES.PLAZA_NOT_A_CHAT, { 'zh-CN': '只能邀请到本服务器的聊天频道', en: `body.channel_id: channel ${channelId} is no chat channel of the table's server` }),
  watchOnly: (why: string) => refusal(403, SERVER_CODES.PLAZA_WATCH_ONLY, { 'zh-CN': '你现在只能观战', en: `you may only watch: ${why}` }),
  inviteRequired: () => refusal(403, SERVER_CODES.PLAZA_INVITE_REQUIRED, { 'zh-CN': '这桌需要邀请才能入座', en: 'body.invite: this table seats only who holds its invitation' }),
  notSeated: () => refusal(403, SERVER_CODES.PLAZA_NOT_SEATED, { 'zh-CN': '你不在这桌的座位上', en: 'you have no seat at this table' }),
  notAllowed: (what: string) => refusal(403, SERVER_CODES.PLAZA_NOT_ALLOWED, { 'zh-CN': '你没有权限这样做', en: what }),
  noTable: (tableId: string) => refusal(404, SERVER_CODES.PLAZA_NO_TABLE, { 'zh-CN': '这桌不存在或已关闭', en: `path.table_id: no table ${tableId}` }),
  stale: () => refusal(409, SERVER_CODES.PLAZA_STALE_VERSION, { 'zh-CN': '棋局已更新，请刷新后再试', en: 'body.version: the table has moved on; ask for it again' }),
  seatTaken: (seat: number) => refusal(409, SERVER_CODES.PLAZA_SEAT_TAKEN, { 'zh-CN': '这个座位已有人', en: `body.seat: seat ${seat} is taken` }),
  full: () => refusal(409, SERVER_CODES.PLAZA_TABLE_FULL, { 'zh-CN': '这桌已坐满', en: 'every seat of this table is taken' }),
  alreadySeated: () => refusal(409, SERVER_CODES.PLAZA_ALREADY_SEATED, { 'zh-CN': '你已经在这桌入座了', en: 'you sit at this table already' }),
  wrongStatus: (status: string, needed: string) => refusal(409, SERVER_CODES.PLAZA_WRONG_STATUS, { 'zh-CN': statusWords[status] ?? '这桌现在不能这样做', en: `the table is ${status}; this needs it ${needed}` }),
  tooManyTables: () => refusal(429, SERVER_CODES.PLAZA_TOO_MANY_TABLES, { 'zh-CN': `你在这里已开了 ${PLAZA_TABLES_PER_MEMBER_MAX} 桌，先结束一桌吧`, en: `you have ${PLAZA_TABLES_PER_MEMBER_MAX} open tables here; end one first` }, 60),
  channelFull: () => refusal(429, SERVER_CODES.PLAZA_CHANNEL_FULL, { 'zh-CN': '广场的桌子已满，请稍后再开', en: `the plaza holds ${PLAZA_OPEN_TABLES_MAX} open tables; try again later` }, 60),
  move: (reason: GameRefusal) => MOVE_REFUSALS[reason](),
}

/** What a member is told when the table is not in the status an action needs. */
const statusWords: Record<string, string> = {
  waiting: '对局还没开始',
  playing: '对局已经开始了',
  ended: '对局已经结束了',
  closed: '这桌已关闭',
}

/** A refused move, by the game's reason. */
const MOVE_REFUSALS: Record<GameRefusal, () => ApiError> = {
  not_your_turn: () => refusal(409, SERVER_CODES.PLAZA_MOVE_NOT_YOUR_TURN, { 'zh-CN': '还没轮到你', en: 'not_your_turn: it is not your turn' }),
  bad_move: () => refusal(400, SERVER_CODES.PLAZA_MOVE_BAD_MOVE, { 'zh-CN': '这步棋不成立', en: "bad_move: the move is not this game's" }),
  occupied: () => refusal(409, SERVER_CODES.PLAZA_MOVE_OCCUPIED, { 'zh-CN': '这里已经有子了', en: 'occupied: the point is taken' }),
  no_flip: () => refusal(400, SERVER_CODES.PLAZA_MOVE_NO_FLIP, { 'zh-CN': '这里不能翻转对方的棋子', en: 'no_flip: the square turns no disc' }),
  bad_text: () => refusal(400, SERVER_CODES.PLAZA_MOVE_BAD_TEXT, { 'zh-CN': '描述不能为空、过长或说出自己的词', en: 'bad_text: a description may not be empty, too long or name your word' }),
  bad_vote: () => refusal(400, SERVER_CODES.PLAZA_MOVE_BAD_VOTE, { 'zh-CN': '这一票不成立', en: 'bad_vote: you cannot vote for that seat now' }),
  over: () => refusal(409, SERVER_CODES.PLAZA_MOVE_OVER, { 'zh-CN': '对局已经结束了', en: 'over: the game has ended' }),
}
