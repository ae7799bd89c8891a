// Prints how long requiring a bundle takes in a fresh Node process (argv[2]: the bundle's path).
import { requireWithoutVscode } from '../requireBundle';

const started = performance.now();
requireWithoutVscode(process.argv[2] ?? '');
process.stdout.write(`${(performance.now() - started).toFixed(1)}\n`);
