/** A typed error the one error handler turns into the envelope of decisions.md. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code: string = 'error',
    public readonly args?: (string | Record<string, string>)[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, args?: (string | Record<string, string>)[]) =>
  new AppError(400, message, 'bad_request', args);
/** The envelope message of a 400 whose args name each invalid field (decisions.md); one copy (issue 28). */
export const INVALID_FIELDS_MESSAGE = 'Some fields are invalid.';
/** A 400 naming the invalid fields, each `{ field: reason }`. */
export const invalidFields = (args: (string | Record<string, string>)[]) => badRequest(INVALID_FIELDS_MESSAGE, args);
export const unauthorized = (message = 'Authentication credentials were not provided.') =>
  new AppError(401, message, 'unauthorized');
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError(403, message, 'forbidden');
export const notFound = (message = 'Not found.') => new AppError(404, message, 'not_found');
export const conflict = (message: string) => new AppError(409, message, 'conflict');
export const unprocessable = (message: string, args?: (string | Record<string, string>)[]) =>
  new AppError(422, message, 'unprocessable', args);
export const tooManyRequests = (message: string) => new AppError(429, message, 'rate_limited');
