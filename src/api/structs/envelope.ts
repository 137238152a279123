import { literal, number, string, type, union } from 'superstruct';
import type { Describe, Infer, Struct } from 'superstruct';

/** The error part of an envelope: a message for people, in Russian. */
export const ErrorInfo = type({ errorDesc: string() });

/** A failed reply: `{ status: 'error', error: { errorDesc } }` (any HTTP status from 400 up). */
export const ErrorEnvelope = type({ status: literal('error'), error: ErrorInfo });

/** What a `wait` reply carries: retry after this many seconds. */
export const WaitInfo = type({ timeout: number() });

/** A "not ready yet" reply: `{ status: 'wait', response: { timeout } }` (HTTP 202). */
export const WaitEnvelope = type({ status: literal('wait'), response: WaitInfo });

/** Any error reply, typed. */
export type ErrorEnvelope = Infer<typeof ErrorEnvelope>;
/** Any wait reply, typed. */
export type WaitEnvelope = Infer<typeof WaitEnvelope>;

/** A successful reply carrying `response` of the given shape. */
export function okEnvelope<T, S>(response: Struct<T, S>) {
  return type({ status: literal('ok'), response });
}

/** A reply that is either ok with `response` of the given shape, or an error. */
export function envelope<T, S>(response: Struct<T, S>) {
  return union([okEnvelope(response), ErrorEnvelope]);
}

/** A reply that may also be `wait` (the photo endpoint). */
export function waitableEnvelope<T, S>(response: Struct<T, S>) {
  return union([okEnvelope(response), WaitEnvelope, ErrorEnvelope]);
}

/** Helper type: the struct of a reply type, for checking hand-written types against structs. */
export type ReplyStruct<T> = Describe<T>;
