import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const client = await page.context().newCDPSession(page);
await client.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await client.send('Profiler.enable'); await client.send('Profiler.setSamplingInterval', { interval: 500 }); await client.send('Profiler.start');
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(2000);
const { profile } = await client.send('Profiler.stop');
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map(); const selfT = new Map();
profile.samples.forEach((id, i) => {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const seen = new Set(); let cur = id; let first = true;
  while (cur) { const n = byId.get(cur); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}`;
    if (first) { selfT.set(key, (selfT.get(key) ?? 0) + dt); first = false; }
    if (!seen.has(key)) { incl.set(key, (incl.get(key) ?? 0) + dt); seen.add(key); }
    cur = parent.get(cur); }
});
const top = (m, n) => [...m].filter(([k]) => !k.startsWith('(')).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(5)} ${k}`).join('\n');
console.log('--- inclusive\n' + top(incl, 60)); console.log('--- self\n' + top(selfT, 25));
await browser.close();
