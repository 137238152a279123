import { addDays } from '../../../src/lib/isoDate.ts';
import { generateFine, generateFines, randomPlate } from './generate.ts';
import type { Fixture } from './fixtures.ts';
import { fixtureFine, loadFixtures, sameDocument } from './fixtures.ts';
import { seededRandom } from './prng.ts';
import type { FineSubject, FinesProvider, IdentifierType, SourceSubject } from './provider.ts';
import { REGIONS } from './regions.ts';
import { generateTax } from './taxes.ts';
import { innSources } from './innSources.ts';
import { newSandboxFine } from './sandboxFine.ts';
import { memorySandboxState } from './sandboxState.ts';
import type { SandboxState } from './sandboxState.ts';
import { rulingDateInUin } from './uins.ts';

/** Bumping this changes every generated fine (never needed for stored ones: they are kept). */
const SEED_VERSION = 'fines-sandbox/v1';

/**
 * The storage key of one document, e.g. 'sts:9941123456:А123ВС77' or 'plate:А123ВС77'. An СТС's key
 * holds the plate it was typed with: the registry is not the sandbox's to know, so one visitor's
 * plate is never shown to another visitor of the same СТС (issue 17 item 2). Pinned fixtures keep
 * their own plates whatever is typed.
 */
export function documentKey(subject: FineSubject): string {
  return subject.kind === 'sts' ? `sts:${subject.sts}:${subject.plateNumber}${subject.plateRegion}` : `${subject.kind}:${displayOf(subject)}`;
}

/** The document number as shown to people. */
function displayOf(subject: FineSubject): string {
  switch (subject.kind) {
    case 'sts':
      return subject.sts;
    case 'dl':
      return subject.driverLicense;
    case 'inn':
      return subject.inn;
    case 'plate':
      return subject.plateNumber + subject.plateRegion;
    case 'vin':
      return subject.vin;
  }
}

/** Options of the sandbox: the pinned fixtures (fixtures.json by default) and where it remembers things (memory by default). */
export type SandboxOptions = { fixtures?: Fixture[]; state?: SandboxState };

/** The sandbox fines source: deterministic per document, realistic, with pinned fixtures (see server/README.md). */
export function createSandboxProvider(options: SandboxOptions = {}): FinesProvider {
  const fixtures = options.fixtures ?? loadFixtures();
  const state = options.state ?? memorySandboxState();
  const fixtureOf = (subject: FineSubject) => fixtures.find((f) => f.documents.some((d) => sameDocument(d, subject)));
  /** A fixture's key is its first document's, so every alias reads the same stored fines. */
  const fixtureKey = (fixture: Fixture) => {
    const first = fixture.documents[0];
    if (first === undefined) throw new Error('fixtures.json: a subject without documents');
    return documentKey(first);
  };
  const bundle = (key: string, subject: FineSubject, fines: SourceSubject['fines']): SourceSubject => ({
    key,
    identifier: displayOf(subject),
    identifierType: subject.kind as IdentifierType,
    fines,
  });

  return {
    subjectKey(subject) {
      const fixture = fixtureOf(subject);
      return fixture === undefined ? documentKey(subject) : fixtureKey(fixture);
    },

    async finesFor(subject, today) {
      const fixture = fixtureOf(subject);
      if (fixture !== undefined) {
        const key = fixtureKey(fixture);
        const pinned = fixture.fines.map((fine) => fixtureFine(fixture, fine, today));
        return bundle(key, subject, [...pinned, ...(await state.addedFines(key))]);
      }
      const key = documentKey(subject);
      // Anchored to the first day the document was asked about: a later check finds the same rulings.
      const anchor = await state.anchorDay(key, today);
      const generated = generateFines(seededRandom(`${SEED_VERSION}/${key}`), subject, anchor);
      return bundle(key, subject, [...generated, ...(await state.addedFines(key))]);
    },

    async addFine(subject, today, options = {}) {
      const key = this.subjectKey(subject);
      const fine = newSandboxFine(subject, today, options, (await state.addedFines(key)).length);
      await state.addFine(key, fine);
      return fine;
    },

    async findUin(uin, today) {
      const fixture = fixtures.find((f) => f.fines.some((fine) => fine.uin === uin));
      const first = fixture?.documents[0];
      if (fixture !== undefined && first !== undefined) {
        return bundle(fixtureKey(fixture), first, fixture.fines.map((fine) => fixtureFine(fixture, fine, today)));
      }
      // A ruling nobody has looked up by document yet: most well-formed numbers exist, as one fine.
      const random = seededRandom(`${SEED_VERSION}/uin:${uin}`);
      if (random.next() >= 0.6) return undefined;
      const camera = !uin.startsWith('18810') || uin.startsWith('188101');
      const code = uin.startsWith('0355431010') ? '77' : uin.startsWith('188101') ? uin.slice(6, 8) : uin.slice(5, 7);
      const region = REGIONS.find((r) => r.code === code) ?? random.pick(REGIONS);
      const plate = { ...randomPlate(random), plateRegion: random.pick(region.plateCodes) };
      const written = rulingDateInUin(uin);
      const rulingDate = written !== undefined && written <= today && written > addDays(today, -730) ? written : undefined;
      const fine = generateFine(random, { region, plate, camera, today, uin, rulingDate });
      return { key: `uin:${uin}`, identifier: uin, identifierType: 'uin', fines: [fine] };
    },

    async findTax(uin, today) {
      return generateTax(uin, today);
    },

    async innSources(inn, today) {
      const found = innSources(inn, today);
      // The pinned ИНН of the fixtures also shows a debt at the bailiffs', so every category can be tried.
      const pinned = fixtures.some((f) => f.documents.some((d) => d.kind === 'inn' && d.inn === inn));
      if (!pinned || found.debts.length > 0) return found;
      const openedOn = addDays(today, -45);
      const debt = {
        number: `104522/${openedOn.slice(2, 4)}/77001-ИП`,
        uin: '32277001250104522001',
        openedOn,
        amount: 3210,
        subject: 'Штраф ГИБДД',
        bailiffOffice: 'ОСП № 1 ГУФССП России по г. Москве',
      };
      return { ...found, debts: [debt] };
    },
  };
}
