// Usage: npm run bench:matching-large [-- --runs 5 --cases 500x20x100,1000x20x200,2000x24x400 --kinds random,clustered --algorithm <dir>]
// Large B2B events (issue 24, decision 058; no database): scheduleMeetings on 500 × 20 rounds × 100
// tables, 1,000 × 20 × 200 and 2,000 × 24 × 400 (K = 10, lists of 10). Each case runs in its own
// child process (node --expose-gc), so that its peak memory is its own: the child builds the input,
// collects garbage and takes its resident memory as the baseline, runs once as a warm-up and then
// --runs timed runs; it reports the median CPU time (process.cpuUsage, user + system) and wall time
// apart, and the peak resident memory (VmHWM, which includes the warm-up) above the baseline.
// --algorithm <dir>: time the scheduleMeetings of another copy of app/server/matching/algorithm (e.g. an
// older commit's, `git archive <commit> app/server/matching/algorithm | tar -x -C .tmp/old`) on the same
// instances. --ties <count>: instead of timing, schedule <count> random events (6–305 companies) round by
// round with the round solver and with the one it replaced (testing/reference-round-solver.ts) and count
// the events whose per-round weights differ (equally heavy optima broken differently; decision 058).
// Goals (exit 1 when missed): 500 × 20 × 100 ≤ 250 ms CPU; 2,000 × 24 × 400 ≤ 2 s CPU and ≤ 150 MB.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { scheduleMeetings as ScheduleMeetings } from "~/server/matching/algorithm/schedule";
import { randomInstance } from "~/server/matching/algorithm/testing/instances";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    cases: { type: "string", default: "500x20x100,1000x20x200,2000x24x400" },
    kinds: { type: "string", default: "random,clustered" },
    child: { type: "string" },
    algorithm: { type: "string" },
    ties: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const MB = 1e6;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface ChildReport {
  cpu: number[];
  wall: number[];
  baselineMB: number;
  peakAboveMB: number;
  wishValue: number;
  meetings: number;
  solves: number;
}

if (values.ties) {
  const { buildProblem } = await import("~/server/matching/algorithm/problem");
  const { solveRound } = await import("~/server/matching/algorithm/round-solver");
  const { clearRound, emptyState, setRound } = await import("~/server/matching/algorithm/state");
  const { prng } = await import("~/server/matching/algorithm/testing/instances");
  const { referenceSolveRound } = await import("~/server/matching/algorithm/testing/reference-round-solver");
  const rnd = prng(7);
  const count = Number(values.ties);
  let identical = 0;
  const totals = { higher: 0, lower: 0, equal: 0 };
  let worst = 0;
  for (let it = 0; it < count; it++) {
    const companies = 6 + Math.floor(rnd() * 300);
    const input = randomInstance({
      companies,
      rounds: 2 + Math.floor(rnd() * 15),
      tables: 1 + Math.floor(rnd() * (companies / 2 + 2)),
      maxPreferences: 1 + Math.floor(rnd() * 10),
      kind: rnd() < 0.5 ? "random" : "clustered",
      exclusions: rnd(),
      listShare: 0.3 + rnd() * 0.7,
      seed: 77000 + it,
    });
    const run = (solve: typeof solveRound) => {
      const p = buildProblem(input);
      const s = emptyState(p);
      let wish = 0;
      const weights = p.rounds.map((_, r) => {
        clearRound(p, s, r);
        const x = solve(p, s, r);
        setRound(p, s, r, x.pairs);
        for (const [a, b] of x.pairs) wish += p.wish[a * p.n + b]!;
        return x.weight;
      });
      return { weights, total: weights.reduce((a, b) => a + b, 0), wish };
    };
    const mine = run(solveRound);
    const before = run(referenceSolveRound);
    if (mine.weights.every((w, r) => w === before.weights[r])) identical++;
    else {
      totals[mine.total > before.total ? "higher" : mine.total < before.total ? "lower" : "equal"]++;
      if (before.wish > 0) worst = Math.min(worst, (mine.wish - before.wish) / before.wish);
    }
  }
  console.log(
    `${count} events: ${identical} identical round by round; ${count - identical} differ after a tie — total weight higher in ${totals.higher}, ` +
      `lower in ${totals.lower}, equal in ${totals.equal}; largest wish-value loss ${(100 * -worst).toFixed(2)} %.`,
  );
} else if (values.child) {
  const modulePath = values.algorithm ? pathToFileURL(resolve(values.algorithm, "schedule.ts")).href : "~/server/matching/algorithm/schedule";
  const { scheduleMeetings } = (await import(modulePath)) as { scheduleMeetings: typeof ScheduleMeetings };
  const [n, R, T, kind] = values.child.split(":");
  const input = randomInstance({ companies: Number(n), rounds: Number(R), tables: Number(T), maxPreferences: 10, kind: kind as "random" | "clustered", seed: 2026 + Number(n) });
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run the child with --expose-gc");
  gc();
  const baseline = process.memoryUsage().rss;
  const first = scheduleMeetings(input); // warm-up (its memory counts)
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    scheduleMeetings(input);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))![1]) * 1024;
  const report: ChildReport = {
    cpu,
    wall,
    baselineMB: baseline / MB,
    peakAboveMB: (hwm - baseline) / MB,
    wishValue: first.solver.objective.wishValue,
    meetings: first.solver.objective.meetings,
    solves: first.solver.solves,
  };
  process.stdout.write(JSON.stringify(report));
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(`Machine: ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" / ")}`);
  console.log(`${RUNS} timed runs per case after one warm-up, each case in its own process; medians.${values.algorithm ? ` Algorithm: ${values.algorithm}` : ""}\n`);
  const rows = [
    "| companies × rounds × tables | lists | CPU median (ms) | CPU runs (ms) | wall median (ms) | peak above baseline (MB) | baseline (MB) | wish value | meetings | solves |",
    "|---|---|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  let missed = false;
  for (const c of values.cases.split(",")) {
    const [n, R, T] = c.split("x").map(Number) as [number, number, number];
    for (const kind of values.kinds.split(",")) {
      const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", self, "--child", `${n}:${R}:${T}:${kind}`, "--runs", String(RUNS), ...(values.algorithm ? ["--algorithm", values.algorithm] : [])], { encoding: "utf8", maxBuffer: 1 << 20 });
      const x = JSON.parse(out) as ChildReport;
      const cpu = median(x.cpu);
      rows.push(
        `| ${n} × ${R} × ${T} | ${kind} | ${cpu.toFixed(0)} | ${x.cpu.map((v) => v.toFixed(0)).join(", ")} | ${median(x.wall).toFixed(0)} | ${x.peakAboveMB.toFixed(0)} | ${x.baselineMB.toFixed(0)} | ${x.wishValue} | ${x.meetings} | ${x.solves} |`,
      );
      console.log(rows.at(-1));
      if (n === 500 && R === 20 && T === 100 && cpu > 250) missed = true;
      if (n === 2000 && R === 24 && T === 400 && (cpu > 2000 || x.peakAboveMB > 150)) missed = true;
    }
  }
  console.log(`\n${rows.join("\n")}\n`);
  console.log(missed ? "Goal missed (500 × 20 × 100 ≤ 250 ms CPU; 2,000 × 24 × 400 ≤ 2 s CPU and ≤ 150 MB)." : "Goals met.");
  if (missed) process.exitCode = 1;
}
