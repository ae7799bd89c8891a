const t0 = performance.now();
const mods = process.argv.slice(2);
let last = t0;
for (const m of mods) { require(m); const now = performance.now(); console.log(m.padEnd(60), (now - last).toFixed(0)); last = now; }
