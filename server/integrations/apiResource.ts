import type { Context } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import type { AnyStruct } from '../openapi/structSchema.ts';
import type { ApiCaller } from './apiKeys.ts';

/** What a call of the integrator API is given: the app, and the key's organization (every query is scoped to it). */
export type ApiContext = { deps: AppDeps; caller: ApiCaller };

/**
 * One call of the integrator API (`/105/api/v1…`, `Authorization: Bearer <key>`). The router checks
 * the key, its limit and its scope before `handle`, and audits the call after it.
 */
export type ApiCall = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Below /105/api/v1, Hono style (`/vehicles/:vehicleId`). */
  path: string;
  /** A write needs a read-write key. */
  write: boolean;
  /** The audit log's action, e.g. `api.vehicles.list`. */
  action: string;
  summary: string;
  query?: AnyStruct;
  body?: AnyStruct;
  reply?: AnyStruct;
  /** The reply is a file, not the JSON envelope. */
  bare?: boolean;
  /** Statuses besides the router's own (401, 403, 429). */
  errors?: number[];
  handle(c: Context<AppEnv>, context: ApiContext): Promise<Response>;
};

/** A resource of the integrator API: one file in server/integrations/resources/, listed in its index. */
export type ApiResource = { name: string; tag: string; calls: readonly ApiCall[] };
