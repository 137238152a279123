/**
 * `npm run cameras:import FILE`: replaces the map's cameras with those of a CSV file (plain or
 * gzipped; the columns of server/map/cameraCsv.ts), in one transaction. A file with any bad line
 * changes nothing: every refused line is printed with its reason. Uses DATABASE_URL, else the PGlite
 * database in DATA_DIR (stop the server first: PGlite has one process at a time). Running servers
 * pick the new set up within 10 seconds.
 */
import { openDatabase } from '../db/open.ts';
import { readCameraFile, replaceCameras } from '../map/cameraStore.ts';

const file = process.argv[2];
if (file === undefined || file === '') {
  console.error('Укажите файл: npm run cameras:import cameras.csv');
  process.exit(2);
}
const { cameras, errors } = readCameraFile(file);
if (errors.length > 0) {
  for (const { line, error } of errors.slice(0, 50)) console.error(`строка ${line}: ${error}`);
  if (errors.length > 50) console.error(`…и ещё ${errors.length - 50} строк с ошибками`);
  console.error('Ничего не изменено: исправьте строки и запустите снова.');
  process.exit(1);
}
if (cameras.length === 0) {
  console.error('В файле нет ни одной камеры: ничего не изменено.');
  process.exit(1);
}
const db = await openDatabase({ databaseUrl: process.env['DATABASE_URL'] || undefined, dataDir: process.env['DATA_DIR'] || '.data' });
try {
  const revision = await replaceCameras(db, cameras);
  console.log(`Загружено камер: ${cameras.length} (версия набора ${revision}).`);
} finally {
  await db.destroy();
}
