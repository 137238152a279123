// The three ways a call can fail, as types a store can tell apart. Their `message` is technical
// (English, for logs and the spec's own texts); userMessage.ts turns any of them into Russian.

/** The API answered with the error envelope: `errorDesc` is the server's Russian message. */
export class ApiReplyError extends Error {
  override readonly name = 'ApiReplyError';
  /** HTTP status of the reply (400, 401, 404, 422, 429, 500…). */
  readonly status: number;
  /** The server's message for people, in Russian. */
  readonly errorDesc: string;

  constructor(status: number, errorDesc: string) {
    super(errorDesc);
    this.status = status;
    this.errorDesc = errorDesc;
  }
}

/** No reply reached us: offline, DNS, a dropped connection, an aborted request. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause?: unknown) {
    super('Network error', { cause });
  }
}

/** A reply arrived but does not have the shape its struct demands (spec §8: 'Unexpected response'). */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  /** Where the reply went wrong, e.g. "response.fines.0.id", for logs. */
  readonly path: string;

  constructor(path: string, cause?: unknown) {
    super('Unexpected response', { cause });
    this.path = path;
  }
}
