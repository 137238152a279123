import type { Kysely } from 'kysely';
import { BUNDLED_CAMERAS, insertCameras, readCameraFile } from '../../map/cameraStore.ts';

/** Traffic cameras for the map (issue 13), seeded with the repository's set; a one-row revision tells API processes to rebuild their index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cameras')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('lon', 'double precision', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('direction', 'smallint')
    .addColumn('speed_limit', 'smallint')
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createTable('camera_revision').addColumn('revision', 'integer', (col) => col.notNull()).execute();
  await db.insertInto('camera_revision' as never).values({ revision: 1 } as never).execute();
  const { cameras, errors } = readCameraFile(BUNDLED_CAMERAS);
  if (errors.length > 0) throw new Error(`cameras.csv.gz: строка ${errors[0]?.line}: ${errors[0]?.error}`);
  await insertCameras(db, cameras);
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('camera_revision').execute();
  await db.schema.dropTable('cameras').execute();
}
