import type { AnyStruct } from './structSchema.ts';

/** How a call proves who is asking: session params required, optional, or none; or an organization's API key (Authorization: Bearer). */
export type AuthUse = 'required' | 'optional' | 'none' | 'apiKey';

/** One call of the public API: the structs its route checks requests with, and the reply it gives. */
export type RouteDoc = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path, `{id}` for a path parameter. */
  path: string;
  tag: string;
  summary: string;
  auth: AuthUse;
  query?: AnyStruct;
  body?: AnyStruct;
  /** How the body is sent; form (and JSON, which every form call also takes) by default. */
  bodyAs?: 'form' | 'json' | 'multipart' | 'report';
  /** The `response` of the ok envelope; `bare` replies are not wrapped (the experiments service). */
  reply?: AnyStruct;
  bare?: boolean;
  errors?: number[];
};
