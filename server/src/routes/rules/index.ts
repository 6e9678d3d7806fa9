/**
 * GET /rules/<name>.html: the user agreement and the privacy policy (SPEC §1, §2), the
 * pages the client's rule links open (on H5 in the same tab, in the mini-program in a
 * web view). `?hl=en` gives English; zh-CN otherwise.
 */
import type { FastifyInstance } from 'fastify'
import { RULES_PATH } from '@core/wire/paths'
import { notFound } from '../../errors'
import { RULE_DOCUMENTS, type RuleDocument } from './documents'


function render (document: RuleDocument, lang: string): string {
  const paragraphs = document.paragraphs.map(text => `<p>${text}</p>`).join('\n')
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${document.title}</title>
<style>body{margin:0 auto;max-width:720px;padding:24px 20px;font:16px/1.7 -apple-system,'PingFang SC',sans-serif;color:#1f2329}h1{font-size:22px}</style>
</head><body><h1>${document.title}</h1>
${paragraphs}
</body></html>`
}

/** Registers the rule pages. */
export default async function rulesRoutes (fastify: FastifyInstance): Promise<void> {
  fastify.get<{ Params: { name: string }, Querystring: { hl?: string } }>(`${RULES_PATH}/:name`, {
    schema: {
      summary: 'A rule page (user agreement, privacy policy) as HTML',
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } } },
      querystring: { type: 'object', properties: { hl: { type: 'string', maxLength: 16 } } },
    },
  }, async (request, reply) => {
    const name = request.params.name.replace(/\.html$/, '')
    const documents = Object.prototype.hasOwnProperty.call(RULE_DOCUMENTS, name) ? RULE_DOCUMENTS[name] : null
    if (!documents) throw notFound(`no rule page ${RULES_PATH}/${request.params.name.slice(0, 64)}`)
    const lang = request.query.hl?.toLowerCase().startsWith('en') ? 'en' : 'zh-CN'
    return reply.type('text/html; charset=utf-8').send(render(documents[lang], lang))
  })
}
