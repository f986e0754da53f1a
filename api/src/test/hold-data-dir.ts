// Test fixture: a process that opens the embedded database in the DATA_DIR given as argument and keeps it
// open (like a running API), printing "ready" once it holds the folder.
import { openPGlite } from '../db/database.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-data-dir.ts <pglite dir>');
const database = await openPGlite(dataDir);
await database.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void database.close().then(() => process.exit(0));
});
setInterval(() => undefined, 60_000);
