/** The pinned documents of server/providers/fines/fixtures.json that the tests rely on. */
export const FIXTURES = {
  /** СТС + plate: three unpaid camera fines in Moscow, the newest with an active discount, one from МАДИ. */
  stsWithFines: { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' },
  stsWithFinesUins: ['18810177250612002172', '18810177250409005839', '0355431010250121145002174'],
  /** Licence: an unpaid inspector fine (no photo) and a paid one with its order. */
  licence: '9912345678',
  licenceUins: ['18810500250614003148', '18810500240911009776'],
  /** VIN with two camera fines in Kazan. */
  vin: 'XTA210990Y2765432',
  /** СТС + plate with no fines. */
  stsWithoutFines: { sts: '7734654321', vehiclePlateNumber: 'М555ММ', vehiclePlateRegion: '50' },
  /** A ruling anyone can find by its number. */
  anonymousUin: '18810178250601008767',
  /** A personal ИНН with one camera fine. */
  inn: '771234567859',
} as const;
