// Prints one line, "N passed, N failed", with the totals of every test runner's JSON report.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;

// Every vitest run writes its own report (vitest.json for test:unit, vitest-keychain.json for
// test:keychain, ...): all of them count.
const reports = 'test-reports';
const vitestReports = existsSync(reports) ? readdirSync(reports).filter((name) => /^vitest.*\.json$/.test(name)) : [];
for (const name of vitestReports) {
  const report = JSON.parse(readFileSync(path.join(reports, name), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

const playwright = path.join(reports, 'playwright.json');
if (existsSync(playwright)) {
  const { stats } = JSON.parse(readFileSync(playwright, 'utf8'));
  // A journey that passed only when retried fails the run (failOnFlakyTests), so it counts so here.
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
}

// A runner that never reported (lint or type errors stopped the run) counts as a failure.
const stepFailed = process.argv[2] !== '0';
if (stepFailed && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
