// Prints one closing line over all suites: "N passed, N failed" (read by CI).
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ["vitest-pglite.json", "vitest-postgres.json"]) {
  const report = JSON.parse(fs.readFileSync(`.tmp/reports/${name}`, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
const pw = JSON.parse(fs.readFileSync(".tmp/reports/playwright.json", "utf8"));
passed += pw.stats.expected + pw.stats.flaky;
failed += pw.stats.unexpected;
skipped += pw.stats.skipped;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
