import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, INVALID_FIELDS_MESSAGE } from './errors.ts';

const UNKNOWN = 'An unknown error occurred! Please try your action again, or refresh the page.';

/** JSON bodies nested deeper than this are refused (400) before they are parsed. */
export const MAX_JSON_DEPTH = 64;

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: (string | number)[] } } };

function fieldOf(issue: Issue, part: string | undefined): string {
  const p = issue.params?.issue?.path;
  if (p && p.length) return p.join('.');
  const fromPath = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  return fromPath || part || 'body';
}

/**
 * Messages for Fastify's and the multipart plugin's client errors. Anything else in 4xx gets the
 * status's plain name: a framework message may quote the raw path or header, which is never echoed.
 */
const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_TYPE: 'The Content-Type header is empty.',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_INVALID_URL: 'The address is not valid.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data.',
  FST_FILES_LIMIT: 'Too many files in the upload.',
  FST_FIELDS_LIMIT: 'The upload has too many fields.',
  FST_PARTS_LIMIT: 'The upload has too many fields.',
  FST_REQ_FILE_TOO_LARGE: 'A file is too large.',
  FST_PROTO_VIOLATION: 'A field name is not allowed.',
};

/**
 * PostgreSQL errors that mean the input was bad, not the server: a value out of range for its
 * column (a date in year 0, an integer past 2^31), text the database cannot hold, too deep a
 * structure. Validation should catch them first; this keeps one that slips through a 400.
 */
function databaseInputError(err: { code?: unknown; severity?: unknown }): boolean {
  if (typeof err.code !== 'string' || !/^[0-9A-Z]{5}$/.test(err.code) || err.severity === undefined) return false;
  return err.code.startsWith('22') || err.code === '54001';
}

function messageFor(status: number, err: { code?: unknown }): string {
  return (typeof err.code === 'string' && CLIENT_MESSAGES[err.code]) || http.STATUS_CODES[status] || 'Bad request.';
}

/** The one error handler: every error leaves as the envelope of decisions.md; a 5xx never shows its internals. */
export function installErrorHandling(app: FastifyInstance) {
  installJsonParser(app);
  app.setErrorHandler((err: any, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ message: err.message, ...(err.args ? { args: err.args } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = (err as any).validationContext as string | undefined;
      const args = (err.validation as Issue[]).map((i) => ({ [fieldOf(i, part)]: i.message ?? 'Invalid value.' }));
      return reply.code(400).send({ message: INVALID_FIELDS_MESSAGE, args });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: UNKNOWN });
    }
    if (databaseInputError(err)) {
      req.log.warn({ code: err.code }, 'database refused an input value');
      return reply.code(400).send({ message: 'A value is out of range or not valid.' });
    }
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      return reply.code(400).send({ message: 'The request is nested too deeply.' });
    }
    const status: number = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = err instanceof SyntaxError ? CLIENT_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY! : messageFor(status, err);
      return reply.code(status).send({ message });
    }
    req.log.error({ err }, 'unhandled error');
    req.server.ctx?.monitoring.captureException(err, { route: req.routeOptions.url, method: req.method });
    return reply.code(500).send({ message: UNKNOWN });
  });
}

/** How deeply `text` (JSON) nests arrays and objects, stopping once past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning keys refused), after a depth check:
 * a body nested thousands of levels deep would otherwise overflow a recursive walk later (500).
 */
function installJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
      return done(new AppError(400, `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`), undefined);
    }
    return parse(req, body as string, done);
  });
}

/**
 * Fastify options that put the framework's own early answers in the envelope: a bad URL (400), a
 * path parameter past its length (414), and errors the HTTP parser raises before a request exists
 * (431 headers too large, 400, 408), none of which may echo the raw path or header.
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    reply.code(status).header('cache-control', 'no-store').send({ message: messageFor(status, error) });
  },
  clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'The request headers are too large.']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'The request took too long to arrive.']
          : err.code === 'HPE_URI_TOO_LONG' ? [414, 'The address is too long.']
            : [400, 'The request could not be read.'];
    const body = JSON.stringify({ message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  },
};
