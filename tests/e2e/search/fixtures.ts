/** The pinned documents of the fines sandbox (server/providers/fines/fixtures.json), read as the API reads them. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

type Document =
  | { kind: 'sts'; sts: string; plateNumber: string; plateRegion: string }
  | { kind: 'plate'; plateNumber: string; plateRegion: string }
  | { kind: 'dl'; driverLicense: string }
  | { kind: 'vin'; vin: string }
  | { kind: 'inn'; inn: string };
type FixtureFine = { uin: string; article: string; camera: string | null; paidDaysAfter: number | null };
type Subject = { title: string; documents: Document[]; fines: FixtureFine[] };

const file = JSON.parse(readFileSync(new URL('../../../server/providers/fines/fixtures.json', import.meta.url), 'utf8')) as { subjects: Subject[] };

/** The first pinned subject with a document of `kind` that matches `test`. */
export function subjectWith<K extends Document['kind']>(kind: K, test: (subject: Subject) => boolean): { subject: Subject; document: Extract<Document, { kind: K }> } {
  for (const subject of file.subjects) {
    const document = subject.documents.find((d): d is Extract<Document, { kind: K }> => d.kind === kind);
    if (document !== undefined && test(subject)) return { subject, document };
  }
  throw new Error(`fixtures.json has no subject with a ${kind} document that fits`);
}

/** A vehicle (СТС) with several fines, all from cameras (so each has photos). */
export const stsWithFines = subjectWith('sts', (s) => s.fines.length > 1 && s.fines.every((f) => f.camera !== null));
/** A vehicle (СТС) without fines. */
export const stsWithoutFines = subjectWith('sts', (s) => s.fines.length === 0);
/** A licence with fines. */
export const licenceWithFines = subjectWith('dl', (s) => s.fines.length > 0);
/** A VIN with fines. */
export const vinWithFines = subjectWith('vin', (s) => s.fines.length > 0);
/** A ruling found without registration: a fine of a subject that has no СТС, licence or VIN. */
export const anonymousRuling = (() => {
  const subject = file.subjects.find((s) => /без регистрации/.test(s.title) && s.fines.length > 0) ?? file.subjects.find((s) => s.fines.length > 0);
  const fine = subject?.fines[0];
  if (subject === undefined || fine === undefined) throw new Error('fixtures.json has no ruling to search by УИН');
  return { subject, fine };
})();

/** '1 штраф', '2 штрафа', '5 штрафов' (spec §9 plurals) — written out here so the test does not reuse the code it checks. */
export function finesWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return `${n} штраф`;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${n} штрафа`;
  return `${n} штрафов`;
}

/** Fills the plate + СТС tab and submits. */
export async function searchByPlateAndSts(page: Page, doc: { sts: string; plateNumber: string; plateRegion: string }): Promise<void> {
  await page.getByLabel('Госномер', { exact: true }).fill(doc.plateNumber);
  await page.getByLabel('Регион', { exact: true }).fill(doc.plateRegion);
  await page.getByLabel('Номер СТС', { exact: true }).fill(doc.sts);
  await page.getByRole('button', { name: 'Найти штрафы' }).click();
}

/** Waits until the island of the page has hydrated (Astro removes the `ssr` attribute then). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
