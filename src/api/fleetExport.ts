import type { Credentials } from './structs/credentials.ts';
import { apiDownload } from './client.ts';

/** What an export asks for: the format and the list's filters. */
export type FleetExportRequest = { format: 'xlsx' | 'csv'; organization?: number; paid?: 0 | 1; discount?: boolean };

/** `GET /105/api/organization/fines/export`: the fleet's fines as a file. */
export async function downloadFleetFines(auth: Credentials, request: FleetExportRequest): Promise<{ blob: Blob; filename: string }> {
  const query: Record<string, string> = { format: request.format };
  if (request.organization !== undefined) query['organization'] = String(request.organization);
  if (request.paid !== undefined) query['paid'] = String(request.paid);
  if (request.discount === true) query['discount'] = '1';
  const { blob, filename } = await apiDownload('/105/api/organization/fines/export', { query, auth });
  return { blob, filename: filename ?? `shtrafy-avtoparka.${request.format}` };
}
