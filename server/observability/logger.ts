import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { scrub } from './scrub.ts';

/** Fields that never reach a log, wherever they sit in a logged object (pino redaction). */
export const REDACTED_FIELDS = [
  'session',
  'rand',
  'salt',
  'token',
  'password',
  'email',
  'sts',
  'inn',
  'driverLicense',
  'plate',
  'uin',
  'headers["x-session"]',
  'headers["x-rand"]',
  'headers.authorization',
  'headers.cookie',
  '*.session',
  '*.rand',
  '*.token',
  '*.password',
  '*.email',
  '*.sts',
  '*.inn',
  '*.plate',
  '*.uin',
];

/** The server's logger: JSON lines (pino), personal data redacted by field and scrubbed from text. */
export type AppLogger = Logger;

/**
 * A logger writing JSON lines to `destination` (stdout by default). Every string argument and every
 * error's message and stack go through scrub() first: a log line never carries an СТС, a plate, an
 * e-mail or a token, even inside an error from a library.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): AppLogger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'shtrafy-api' },
      redact: { paths: REDACTED_FIELDS, censor: '[redacted]' },
      serializers: {
        err: (error: unknown) => {
          const serialized = pino.stdSerializers.err(error as Error);
          return { ...serialized, message: scrub(serialized.message ?? ''), stack: scrub(serialized.stack ?? '') };
        },
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>);
        },
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}
