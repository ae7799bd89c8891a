import { readFileSync } from 'node:fs';

/** The part of the extension a module of extension.js belongs to: a feature (`ui/streams`), a layer (`api`, `upload`), a package. */
function partOf(input: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (inPackage) return inPackage[1] ?? input;
  const [, layer, folder] = /^src\/([^/]+)(?:\/([^/.]+)\/)?/.exec(input) ?? [];
  if (!layer) return input;
  return layer === 'ui' && folder ? `ui/${folder}` : layer.replace(/\.ts$/, '');
}

/**
 * KB of dist/extension.js per part, largest first, from the metafile `node esbuild.mjs
 * --metafile=<file>` wrote: what loading the extension reads, and where to look for what a first
 * view does not need.
 */
export function bundleShares(metafile: string): Record<string, number> {
  const { outputs } = JSON.parse(readFileSync(metafile, 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  const inputs = outputs['dist/extension.js']?.inputs ?? {};
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) bytes.set(partOf(input), (bytes.get(partOf(input)) ?? 0) + bytesInOutput);
  return Object.fromEntries([...bytes].sort((a, b) => b[1] - a[1]).map(([part, size]) => [part, Math.round(size / 100) / 10]));
}
