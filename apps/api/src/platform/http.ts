import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

const UNKNOWN = 'An unknown error occurred! Please try your action again, or refresh the page.';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: (string | number)[] } } };

function fieldOf(issue: Issue, part: string | undefined): string {
  const p = issue.params?.issue?.path;
  if (p && p.length) return p.join('.');
  const fromPath = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  return fromPath || part || 'body';
}

/** The one error handler: every error leaves as the envelope of decisions.md; a 5xx never shows its internals. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: any, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ message: err.message, ...(err.args ? { args: err.args } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = (err as any).validationContext as string | undefined;
      const args = (err.validation as Issue[]).map((i) => ({ [fieldOf(i, part)]: i.message ?? 'Invalid value.' }));
      return reply.code(400).send({ message: 'Some fields are invalid.', args });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: UNKNOWN });
    }
    const status: number = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): say so plainly.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type.'
              : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? 'The request body is empty.'
                : String(err.message || 'Bad request.').slice(0, 300);
      return reply.code(status).send({ message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: UNKNOWN });
  });
}
