/**
 * Installs the pages' part of the zh-CN table (messages-zh-cn-pages.ts) when this module
 * is evaluated. Every page and on-demand chunk that shows one of its messages imports it
 * (`import '@/i18n/page-messages'`, first among its imports), so on H5 the part travels
 * with those chunks, not in the first load, and is at hand before they render.
 * __tests__/i18n/messages-split.test.ts checks each chunk that needs it imports it.
 */
import { installMessages } from './index'
import { ZH_CN_PAGES } from './messages-zh-cn-pages'

installMessages(ZH_CN_PAGES)
