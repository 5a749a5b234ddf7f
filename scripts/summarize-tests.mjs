// Prints the failed tests by name, then one closing line over all suites: "N passed, N failed" (read
// by CI, whose log keeps only the end of the output — so the names must come last, not in the middle).
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
// End-to-end tests that failed once and passed on their second try (playwright.config.ts): named, so a
// flaky test is seen and fixed rather than retried for ever.
const flaky = [];
for (const name of ["vitest-pglite.json", "vitest-postgres.json"]) {
  const report = JSON.parse(fs.readFileSync(`.tmp/reports/${name}`, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, "");
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      // Long enough for a message that lists what happened before the failure (server/page-cache.test.ts).
      const message = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 700);
      failures.push(`${name.replace(/\.json$/, "")}: ${where} › ${test.fullName}\n    ${message}`);
    }
    // A file that failed to load has no assertion results, only a message.
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      failures.push(`${name.replace(/\.json$/, "")}: ${where}\n    ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
  }
}
const pw = JSON.parse(fs.readFileSync(".tmp/reports/playwright.json", "utf8"));
passed += pw.stats.expected + pw.stats.flaky;
failed += pw.stats.unexpected;
skipped += pw.stats.skipped;
function walk(suite, titles) {
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === "flaky") {
        const first = test.results?.[0]?.error?.message ?? "";
        flaky.push(`playwright: ${[...titles, spec.title].filter(Boolean).join(" › ")}\n    first try: ${first.split("\n")[0].slice(0, 300)}`);
      }
      if (test.status !== "unexpected") continue;
      const error = test.results?.at(-1)?.error?.message ?? "";
      failures.push(`playwright: ${[...titles, spec.title].filter(Boolean).join(" › ")}\n    ${error.split("\n")[0].slice(0, 300)}`);
    }
  }
}
for (const suite of pw.suites ?? []) walk(suite, [suite.title]);

if (flaky.length > 0) console.log(`\nPassed only on the second try:\n${flaky.map((f) => `  ${f}`).join("\n")}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
