/**
 * Paging of the list endpoints (core/wire/api.ts PageQuery, Paged): page starts at 1,
 * page_size 1..MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE when absent (core/wire/codes.ts).
 */
import type { Paged } from '@core/wire/api'
import { DEFAULT_PAGE_SIZE } from '@core/wire/codes'

/** A validated page request. */
export interface PageRequest {
  page: number
  page_size: number
}

/** The page request of a query whose values the route schema has already checked. */
export function pageRequestOf (query: { page?: number, page_size?: number } | undefined): PageRequest {
  return { page: query?.page ?? 1, page_size: query?.page_size ?? DEFAULT_PAGE_SIZE }
}

/** LIMIT and OFFSET of a page. */
export function pageWindow (request: PageRequest): { limit: number, offset: number } {
  return { limit: request.page_size, offset: (request.page - 1) * request.page_size }
}

/** The answer for one page of `total` items. */
export function toPaged<T> (list: T[], total: number, request: PageRequest): Paged<T> {
  return { list, page: request.page, page_size: request.page_size, total, has_more: request.page * request.page_size < total }
}

/**
 * One page of a list: its rows (read with the page's LIMIT and OFFSET) and the count of
 * all items, asked for together.
 */
export async function readPage<T> (
  request: PageRequest,
  rows: (window: { limit: number, offset: number }) => Promise<T[]>,
  count: () => Promise<{ total: number | string | bigint }>,
): Promise<Paged<T>> {
  const [list, counted] = await Promise.all([rows(pageWindow(request)), count()])
  return toPaged(list, Number(counted.total), request)
}
