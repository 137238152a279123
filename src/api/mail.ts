import { okEnvelope } from './structs/envelope.ts';
import { MailSentReply } from './structs/mailRelay.ts';
import type { MailMeta } from './structs/mailRelay.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const sentReply = okEnvelope(MailSentReply);

/** Base64 of bytes (standard alphabet, padded), in the browser and in Node alike. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The spec §3 mail body: meta and data as base64 JSON, and the hash (SHA-256 over meta, a zero byte, data) as base64. */
export async function mailEnvelope(meta: MailMeta, data: unknown): Promise<{ hash: string; meta: string; data: string }> {
  const encoder = new TextEncoder();
  const metaBytes = encoder.encode(JSON.stringify(meta));
  const dataBytes = encoder.encode(JSON.stringify(data));
  const joined = new Uint8Array(metaBytes.length + 1 + dataBytes.length);
  joined.set(metaBytes, 0);
  joined.set(dataBytes, metaBytes.length + 1);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
  return { hash: toBase64(hash), meta: toBase64(metaBytes), data: toBase64(dataBytes) };
}

/** POST /105/api/mail/send: one of our templates to the account itself (`self`) or to the team (`team`). */
export async function sendTemplateMail(auth: Credentials, meta: MailMeta, data: unknown) {
  return apiCall('/105/api/mail/send', sentReply, { method: 'POST', auth, body: await mailEnvelope(meta, data) });
}
