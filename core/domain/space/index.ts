/**
 * The rules of a gather space, shared by the client (prediction, drawing) and
 * the server (the authority): map reading, path finding, motion, area of interest and
 * conversation groups. Pure: no server or Taro import.
 */
export * from './map'
export * from './path'
export * from './motion'
export * from './interest'
export * from './groups'
export * from './poses'
export * from './spawn'
export * from './labels'
