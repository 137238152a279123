/** Path prefixes served by the API service (spec §7: /105/..., /api/ordinances, /coordinates/cameras, /v1/exps/; /geocoder/1.x/). */
export const API_PREFIXES: readonly string[] = ['/105/', '/api/', '/coordinates/', '/v1/', '/geocoder/'];

/** True for a request path the API answers, not the site. */
export const isApiPath = (path: string) => API_PREFIXES.some((p) => path.startsWith(p));
