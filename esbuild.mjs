// Bundles the extension (src/ only) into dist/extension.js, and the player webview's own script into
// dist/player.js (browser code with hls.js: kept out of the extension host's bundle). Tests and the
// emulator are never bundled.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'info',
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: 'dist/extension.js',
    external: ['vscode'],
  },
  {
    ...common,
    // The script and its style sheet: dist/player.js and dist/player.css.
    entryPoints: [
      { in: 'src/ui/player/webview/playerScript.ts', out: 'player' },
      { in: 'src/ui/player/webview/player.css', out: 'player' },
    ],
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    outdir: 'dist',
  },
];

if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
