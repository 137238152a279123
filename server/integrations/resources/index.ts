import type { ApiResource } from '../apiResource.ts';
import { assignmentsResource } from './assignments.ts';
import { driversResource } from './drivers.ts';
import { finesResource } from './fines.ts';
import { paymentRegistriesResource } from './paymentRegistries.ts';
import { vehiclesResource } from './vehicles.ts';

/**
 * The resources of the integrator API (`/105/api/v1`). A new one is one file beside these that
 * exports an ApiResource, and one line here: the router, the scope check, the per-key limit, the audit log and the OpenAPI document take it from this list.
 */
export const API_RESOURCES: readonly ApiResource[] = [vehiclesResource, driversResource, assignmentsResource, finesResource, paymentRegistriesResource];
