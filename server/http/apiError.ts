import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A failure meant for the caller: an HTTP status and a Russian message for the error envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;

  constructor(status: ContentfulStatusCode, errorDesc: string) {
    super(errorDesc);
    this.status = status;
  }
}

/** The one "not found" for objects: a missing id and another user's id get exactly this. */
export function notFound(): ApiError {
  return new ApiError(404, 'Не найдено');
}
