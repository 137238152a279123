import { apiCall } from './client.ts';
import type { Credentials } from './structs/credentials.ts';
import { okEnvelope } from './structs/envelope.ts';
import { FleetAutopayState } from './structs/fleetAutopay.ts';

const stateReply = okEnvelope(FleetAutopayState);

/** `GET /105/api/organization/{id}/autopay`: the owner's card, the fleet's autopay and the fines it found. */
export const fetchFleetAutopay = (auth: Credentials, organizationId: number) => apiCall(`/105/api/organization/${organizationId}/autopay`, stateReply, { auth });

/** `PUT /105/api/organization/{id}/autopay`: turns the fleet's autopay on (or changes its limits), whole roubles. */
export const saveFleetAutopay = (auth: Credentials, organizationId: number, limits: { maxFineRub: number; monthlyRub: number }) =>
  apiCall(`/105/api/organization/${organizationId}/autopay`, stateReply, { method: 'PUT', auth, body: { maxFineRub: String(limits.maxFineRub), monthlyRub: String(limits.monthlyRub) } });

/** `DELETE /105/api/organization/{id}/autopay`: turns it off (what was scheduled is cancelled). */
export const deleteFleetAutopay = (auth: Credentials, organizationId: number) => apiCall(`/105/api/organization/${organizationId}/autopay`, stateReply, { method: 'DELETE', auth });

/** `POST /105/api/organization/{id}/autopay/charge/{chargeId}/pay` or `/skip`. */
export const actOnFleetCharge = (auth: Credentials, organizationId: number, chargeId: number, action: 'pay' | 'skip') =>
  apiCall(`/105/api/organization/${organizationId}/autopay/charge/${chargeId}/${action}`, stateReply, { method: 'POST', auth });
