import type { APIRequestContext } from '@playwright/test';

/** A visitor with a car that has fines (the sandbox gives most cars some). */
export async function visitorWithFines(request: APIRequestContext) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const clientId = (await (await request.get('/105/api/client')).json()).response.clientId as string;
    const user = (await (await request.post('/105/api/newuser', { form: { clientId, channel: 'fine' } })).json()).response;
    const headers = { 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) };
    const sts = `77${String(10 + attempt)}${String(100_000 + Math.floor(Math.random() * 899_999))}`;
    const added = await request.post('/105/api/sts', { headers, form: { sts, vehiclePlateNumber: `К${String(100 + Math.floor(Math.random() * 899))}ХО`, vehiclePlateRegion: '77' } });
    if (!added.ok()) continue;
    const stsId = (await added.json()).response.item.id as number;
    const fines = (await (await request.get(`/105/api/fineList/by/sts/${stsId}`, { headers })).json()).response.fines as { id: number }[];
    if (fines.length > 0) return { user: { ...user, clientId }, fineIds: fines.map((f) => f.id) };
  }
  throw new Error('no car with fines in 40 attempts');
}
