import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { addDays } from '../../src/lib/isoDate.ts';
import { KOAP_ARTICLES } from '../../src/lib/koapArticles.ts';
import { validators } from '../../src/lib/validators.ts';
import { loadFixtures } from '../../server/providers/fines/fixtures.ts';
import type { FineSubject, SourceFine } from '../../server/providers/fines/provider.ts';
import { REGIONS } from '../../server/providers/fines/regions.ts';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';
import type { TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

const TODAY = '2026-03-16';
const sandbox = createSandboxProvider();

/** 300 ordinary (not pinned) documents of every kind. */
const SUBJECTS: FineSubject[] = Array.from({ length: 300 }, (_, n): FineSubject => {
  const six = String(100000 + n * 7919).slice(-6);
  switch (n % 5) {
    case 0:
      return { kind: 'sts', sts: `50${String(10 + (n % 89))}${six}`, plateNumber: `Е${six.slice(0, 3).replace('000', '001')}КХ`, plateRegion: '150' };
    case 1:
      return { kind: 'plate', plateNumber: `М${six.slice(1, 4).replace('000', '001')}ОР`, plateRegion: REGIONS[n % REGIONS.length]?.plateCodes[0] ?? '77' };
    case 2:
      return { kind: 'dl', driverLicense: `77${String(10 + (n % 89))}${six}` };
    case 3:
      return { kind: 'inn', inn: withInnCheckDigits(`50${six}11`) };
    default:
      return { kind: 'vin', vin: `XW8ZZZ61Z${six}AB`.slice(0, 17) };
  }
});

let generated: { subject: FineSubject; fines: SourceFine[] }[];
beforeAll(async () => {
  generated = await Promise.all(SUBJECTS.map(async (subject) => ({ subject, fines: (await sandbox.finesFor(subject, TODAY)).fines })));
});

describe('the sandbox fines source', () => {
  it('gives about a third of documents no fines', () => {
    const empty = generated.filter((g) => g.fines.length === 0).length / generated.length;
    expect(empty).toBeGreaterThan(0.25);
    expect(empty).toBeLessThan(0.42);
  });

  it('writes valid 20- or 25-digit УИН with correct check digits, unique', () => {
    const uins = generated.flatMap((g) => g.fines.map((f) => f.uin));
    expect(uins.length).toBeGreaterThan(300);
    for (const uin of uins) {
      expect(validators.uin(uin), uin).toBeUndefined();
      expect(uin).toMatch(/^(18810\d{15}|0355431010\d{15})$/);
    }
    expect(new Set(uins).size).toBe(uins.length);
  });

  it('uses real КоАП articles with their amounts; cameras have photos and an id, inspectors neither', () => {
    for (const fine of generated.flatMap((g) => g.fines)) {
      const article = KOAP_ARTICLES.find((a) => a.article === fine.article);
      expect(article, fine.article).toBeDefined();
      expect([fine.articleTitle, fine.amount]).toEqual([article?.title, article?.amount]);
      if (fine.cameraId === null) {
        expect(fine.photos).toEqual([]);
        expect(fine.department).toMatch(/^ОБ ДПС ГИБДД /);
      } else {
        expect(fine.photos).toHaveLength(2);
        expect(fine.department).toMatch(/^(ЦАФАП (ОДД )?ГИБДД |Московская административная дорожная инспекция)/);
      }
      if (fine.article.startsWith('12.9.')) expect(fine.speed?.actual).toBeGreaterThan(fine.speed?.limit ?? Infinity);
    }
  });

  it('gives licences mostly inspectors’ rulings and vehicles mostly cameras’', () => {
    const cameraShare = (kind: string) => {
      const fines = generated.filter((g) => g.subject.kind === kind).flatMap((g) => g.fines);
      return fines.filter((f) => f.cameraId !== null).length / fines.length;
    };
    expect(cameraShare('dl')).toBeLessThan(0.4);
    expect(cameraShare('sts')).toBeGreaterThan(0.7);
  });

  it('dates rulings over the last two years, violations on or before them, payments after', () => {
    const fines = generated.flatMap((g) => g.fines);
    for (const fine of fines) {
      expect(fine.rulingDate >= addDays(TODAY, -730) && fine.rulingDate <= TODAY).toBe(true);
      expect(fine.violationAt.slice(0, 10) <= fine.rulingDate).toBe(true);
      expect(fine.violationAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      if (fine.paidAt !== null) expect(fine.paidAt.slice(0, 10) >= fine.rulingDate && fine.paidAt.slice(0, 10) <= TODAY).toBe(true);
    }
    const paid = fines.filter((f) => f.paidAt !== null).length / fines.length;
    expect(paid).toBeGreaterThan(0.07);
    expect(paid).toBeLessThan(0.25);
    const years = new Set(fines.map((f) => f.rulingDate.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(3);
  });

  it('places violations in a region of the table, near its centre, with valid payee details', () => {
    for (const fine of generated.flatMap((g) => g.fines)) {
      const region = REGIONS.find((r) => fine.place.address.startsWith(`${r.city}, `));
      expect(region, fine.place.address).toBeDefined();
      expect(Math.abs(fine.place.lat - (region?.centre[0] ?? 0))).toBeLessThan(0.5);
      expect(Math.abs(fine.place.lon - (region?.centre[1] ?? 0))).toBeLessThan(0.5);
      expect(fine.violationAt.endsWith(region?.utcOffset ?? '?')).toBe(true);
      expect(validators.inn(fine.payee.inn)).toBeUndefined();
      expect(validators.kpp(fine.payee.kpp)).toBeUndefined();
      expect(validators.account(fine.payee.account)).toBeUndefined();
      expect(fine.payee.bik).toMatch(/^0\d{8}$/);
      expect(fine.payee.kbk).toMatch(/^\d{20}$/);
    }
  });

  it('puts vehicle documents under their own plate', () => {
    for (const { subject, fines } of generated) {
      if (subject.kind !== 'sts' && subject.kind !== 'plate') continue;
      for (const fine of fines) expect([fine.plateNumber, fine.plateRegion]).toEqual([subject.plateNumber, subject.plateRegion]);
    }
  });

  it('is deterministic: the same document gives the same fines every time', async () => {
    for (const subject of SUBJECTS.slice(0, 30)) {
      expect(await sandbox.finesFor(subject, TODAY)).toEqual(await createSandboxProvider().finesFor(subject, TODAY));
    }
  });

  it('pins the fixtures: valid numbers, and every alias of a document reads the same key', () => {
    const fixtures = loadFixtures();
    expect(fixtures.length).toBeGreaterThanOrEqual(5);
    for (const fixture of fixtures) {
      const keys = new Set(fixture.documents.map((d) => sandbox.subjectKey(d)));
      expect(keys.size).toBe(1);
      for (const document of fixture.documents) {
        if (document.kind === 'sts') expect(validators.sts(document.sts)).toBeUndefined();
        if (document.kind === 'dl') expect(validators.driverLicense(document.driverLicense)).toBeUndefined();
        if (document.kind === 'inn') expect(validators.inn(document.inn)).toBeUndefined();
        if (document.kind === 'vin') expect(validators.vin(document.vin)).toBeUndefined();
      }
    }
  });
});

describe('determinism through the API: two fresh databases', () => {
  let first: TestApi;
  let second: TestApi;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApi(), createTestApi()]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  /** The fines of some documents in one database, without what is random by design (ids, share hashes). */
  async function finesIn(api: TestApi) {
    const user = await api.register();
    const results = [];
    for (const car of ['Е321КХ190', 'О777ОО777', 'С065МК78', 'XW8ZZZ61ZEG012345', 'А001АА01', 'Т500УХ116']) {
      const reply = await api.request('GET', `/105/api/fineList/by/car/${encodeURIComponent(car)}`, { session: user });
      results.push(reply.body.response.fines.map(({ id: _id, shareHash: _hash, ...rest }: Record<string, unknown>) => rest));
    }
    const sts = await api.request('POST', '/105/api/sts', { session: user, form: { sts: '5012345678', vehiclePlateNumber: 'Е321КХ', vehiclePlateRegion: '190' } });
    const bySts = await api.request('GET', `/105/api/fineList/by/sts/${sts.body.response.item.id}`, { session: user });
    results.push(bySts.body.response.fines.map(({ id: _id, shareHash: _hash, ...rest }: Record<string, unknown>) => rest));
    return results;
  }

  it('gives the same fines for the same documents', async () => {
    const a = await finesIn(first);
    const b = await finesIn(second);
    expect(a.flat().length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    for (const fine of a.flat()) expect(validators.uin(fine['uin'])).toBeUndefined();
  });
});

describe('one visitor\'s input never becomes another visitor\'s data (issue 17 item 2)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('the same СТС typed with another plate does not show the first visitor\'s plate', async () => {
    const first = await api.register();
    const second = await api.register();
    const add = async (session: typeof first, plate: string) => {
      await api.request('POST', '/105/api/sts', { session, form: { sts: '5566778899', vehiclePlateNumber: plate, vehiclePlateRegion: '77' } });
      const id = (await api.request('GET', '/105/api/sts', { session })).body.response.sts[0].id;
      return (await api.request('GET', `/105/api/fineList/by/sts/${id}`, { session })).body.response.fines as { vehiclePlateNumber: string }[];
    };
    const firstFines = await add(first, 'Х999ХХ');
    const secondFines = await add(second, 'В555ОР');
    for (const fine of secondFines) expect(fine.vehiclePlateNumber).not.toBe('Х999ХХ');
    for (const fine of firstFines) expect(fine.vehiclePlateNumber).toBe('Х999ХХ');
  });
});
