import { apiRequest } from './client.ts';
import { OpenApiDocument } from './structs/openapi.ts';

/** GET /105/api/openapi.json (a bare document, not an envelope). */
export const fetchOpenApi = () => apiRequest('/105/api/openapi.json', OpenApiDocument);
