// Writes package.json's `contributes.languageModelTools[].inputSchema` from the tools' zod declarations
// (src/tools): VS Code reads the schemas from the manifest before the extension runs, and MCP clients
// get the same ones from the server's tools/list. Run by esbuild.mjs on every build; package.json is
// rewritten only when a schema changed (test/unit/tools.test.ts fails when it was not regenerated).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** The tool table and its schema conversion, bundled and loaded in this process. */
async function loadTools() {
  const entry = "export { TOOLS } from './src/tools/table'; export { inputJsonSchema } from './src/tools/definition';";
  const { outputFiles } = await esbuild.build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  const folder = await mkdtemp(join(tmpdir(), 'livepeer-tool-schemas-'));
  try {
    const file = join(folder, 'tools.cjs');
    await writeFile(file, outputFiles[0].text);
    return createRequire(import.meta.url)(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Rewrites package.json's tool input schemas from the declarations; answers whether anything changed. */
export async function writeToolSchemas(manifestFile = 'package.json') {
  const { TOOLS, inputJsonSchema } = await loadTools();
  const text = await readFile(manifestFile, 'utf8');
  const manifest = JSON.parse(text);
  const contributed = manifest.contributes.languageModelTools;
  for (const tool of TOOLS) {
    const entry = contributed.find((candidate) => candidate.name === tool.name);
    if (!entry) throw new Error(`package.json contributes no languageModelTools entry for ${tool.name} (src/tools/table.ts): add one`);
    entry.inputSchema = inputJsonSchema(tool);
  }
  const written = `${JSON.stringify(manifest, null, 2)}\n`;
  if (written === text) return false;
  await writeFile(manifestFile, written);
  return true;
}
