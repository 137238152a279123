import { defineConfig } from 'vitest/config';

/**
 * Unit suites run once; the API suite and the security suite (tests/security: every attack the
 * security review tried, kept so none comes back) run on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
const apiOnPostgres = process.env['TEST_DATABASE_URL'];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      // Checks over the built site (dist/); npm test runs them after the build with SITE_TESTS=1.
      ...(process.env['SITE_TESTS'] ? [{ test: { name: 'site', include: ['tests/site/**/*.test.ts'], testTimeout: 120_000 } }] : []),
      ...(apiOnPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                hookTimeout: 60_000,
                testTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
