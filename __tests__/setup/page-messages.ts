/**
 * Installs the pages' part of the zh-CN table for every client test, as the pages and
 * on-demand chunks do in the app (src/i18n/page-messages.ts): a component or store test
 * renders without the page that would import it. Which load holds which part is
 * checked without running the app, in __tests__/i18n/messages-split.test.ts.
 */
import '@/i18n/page-messages'
