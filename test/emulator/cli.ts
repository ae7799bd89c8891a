import { parseArgs } from 'node:util';
import { stopOnSignals } from '../../src/localStudio/stopOnSignals';
import { DEFAULT_TOKEN, startEmulator } from './index';

// `npm run emulator [-- --empty --port N --ingest-port N --token T --seed N --s3]`: a seeded local
// Studio API to point the extension at by hand (`--s3`: tus uploads stored as the real service
// stores them). Ids are the same on every run with the same --seed (1 unless given), so a profile's
// learned project stays right; the ports are random on each run unless given.
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      empty: { type: 'boolean', default: false },
      port: { type: 'string' },
      'ingest-port': { type: 'string' },
      token: { type: 'string', multiple: true },
      seed: { type: 'string', default: '1' },
      s3: { type: 'boolean', default: false },
    },
  });
  const token = values.token?.length ? values.token : [DEFAULT_TOKEN];
  const emulator = await startEmulator({
    seed: !values.empty,
    tokens: token,
    apiPort: port(values.port, '--port'),
    ingestPort: port(values['ingest-port'], '--ingest-port'),
    tusStore: values.s3 ? 's3' : 'file',
    idSeed: idSeed(values.seed),
  });

  console.log('Livepeer Studio emulator running');
  console.log(`  API base URL:   ${emulator.apiUrl}`);
  console.log(`  Ingest origin:  ${emulator.ingestOrigin}`);
  console.log(`  API token:      ${token.join(', ')}`);
  console.log(`  Data:           ${values.empty ? 'empty' : 'seeded demo account'}; ids of seed ${values.seed} (the same on every run with it)`);
  console.log(`  tus store:      ${values.s3 ? '@tus/s3-store 1.0.0 on a local S3 (as the real service)' : 'files'}`);
  console.log('Press Ctrl+C to stop.');

  stopOnSignals(() => emulator.close());
}

function idSeed(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`--seed must be a whole number, got ${value}`);
  return n;
}

function port(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${flag} must be a port number, got ${value}`);
  return n;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
