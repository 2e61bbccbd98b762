// npm test: lint, type-check, unit, integration (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), web components, then e2e against the built app in Debian chromium.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = [];
const reports = resolve(root, 'node_modules/.cache/atende-test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
let reportCount = 0;

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: result.status === 0, seconds });
  if (result.status !== 0) {
    summary();
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Steps that run side by side (the two integration passes: each mostly waits on its database and
 * on child processes, so together they take little longer than the longer one). Each step's output
 * goes to a log printed whole when it ends, so the two never interleave.
 */
async function together(steps) {
  const runs = steps.map(({ name, cmd, args, env = {} }) => {
    const started = Date.now();
    const logFile = resolve(reports, `${name.replace(/[^a-z0-9]+/gi, '-')}.log`);
    console.log(`\n▶ ${name} (side by side; its output follows when it ends)`);
    return new Promise((done) => {
      const log = createWriteStream(logFile);
      const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env, FORCE_COLOR: '0' } });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on('close', (status) =>
        log.end(() => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`\n▶ ${name}: output\n${readFileSync(logFile, 'utf8')}`);
          results.push({ name, ok: status === 0, seconds });
          done(status);
        }),
      );
    });
  });
  const statuses = await Promise.all(runs);
  const failed = steps.find((_, i) => statuses[i] !== 0);
  if (failed) {
    summary();
    console.error(`\n✗ ${failed.name} failed`);
    process.exit(statuses.find((s) => s !== 0) ?? 1);
  }
}

/** Totals over every vitest run's JSON report, printed as the closing 'N passed, N failed' line. */
function summary() {
  console.log('\nSummary:');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds}s)`);
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (let i = 1; i <= reportCount; i++) {
    const file = resolve(reports, `${i}.json`);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    failures.push(...failedTests(report, i));
  }
  // Each failure again at the end, with the first lines of its message: a long run's log is often
  // read from its tail only.
  if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
  console.log(`\nTests: ${passed} passed, ${failed} failed`);
}

/** 'file > test: first lines of the message' for each failed test (or failed file) of a report. */
function failedTests(report, run) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${root}/`, '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests)
      out.push(`  ✗ [run ${run}] ${name} > ${t.fullName}\n${excerpt(t.failureMessages?.[0])}`);
    if (!tests.length && file.status === 'failed')
      out.push(`  ✗ [run ${run}] ${name}\n${excerpt(file.message)}`);
  }
  return out;
}

function excerpt(message = '') {
  return message
    .split('\n')
    .slice(0, 6)
    .map((line) => `      ${line}`)
    .join('\n');
}

function vitest() {
  reportCount += 1;
  return [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resolve(reports, `${reportCount}.json`)}`,
  ];
}
step('lint (biome)', 'npx', ['biome', 'check', '.']);
step('type-check (tsc --noEmit, every workspace)', 'node', ['scripts/typecheck.mjs']);
// Two workers: vitest's default on a 2-core machine is one.
step('unit + web components', 'npx', [
  ...vitest(),
  '--passWithNoTests',
  '--maxWorkers=2',
  '--project',
  'unit',
  '--project',
  'web',
]);
// Integration files: two side by side per engine (each copies the migrated template database
// and spends much of its time waiting on it and on child processes), and a fork keeps the modules
// it imported for its next file (--no-isolate: importing the server cost ~2.3 s of CPU per file;
// files share no state through modules, each opens and closes its own database, app and fakes).
// Pool sizes are the root's options: a project's poolOptions are not read.
const INT_FLAGS = ['--project', 'int', '--maxWorkers=2', '--no-isolate'];
const integration = [
  {
    name: 'integration on PGlite',
    cmd: 'npx',
    args: [...vitest(), ...INT_FLAGS],
    env: { TEST_ENGINE: 'pglite' },
  },
];
if (process.env.TEST_DATABASE_URL)
  integration.push({
    name: 'integration on PostgreSQL',
    cmd: 'npx',
    args: [...vitest(), ...INT_FLAGS],
    env: { TEST_ENGINE: 'pg' },
  });
else console.log('\n(TEST_DATABASE_URL not set: integration tests ran on PGlite only)');
await together(integration);
step('build', 'npm', ['run', 'build']);
// Two specs side by side: a spec spends much of its time waiting on the browser's debounces and polls.
step('e2e (Debian chromium)', 'npx', [...vitest(), '--project', 'e2e', '--maxWorkers=2']);
summary();
