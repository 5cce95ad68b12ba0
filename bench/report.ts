/** Writes a bench run as JSON and as a Markdown table, dated, with the machine it ran on. */
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg } from "node:os";
import path from "node:path";
import type { LighthouseResult } from "./lighthouse.ts";

interface Rate {
  rps: number;
}
interface Pair {
  site: Rate;
  bare: Rate;
  ratio: number;
}
interface Results {
  javascript?: Record<string, { files: number; gzipKB: number; brotliKB?: number } | number>;
  throughput?: {
    home: Rate;
    bareHome: Rate;
    api: Rate;
    bareApi: Rate;
    homeRatio: number;
    apiRatio: number;
  };
  moreThroughput?: Record<string, Pair>;
  lighthouse?: LighthouseResult[];
  [key: string]: unknown;
}

export function machine() {
  return {
    date: new Date().toISOString(),
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? "unknown",
    loadAverageAtStart: loadavg().map((l) => +l.toFixed(2)),
    node: process.version,
  };
}

export function markdown(results: Results, about: ReturnType<typeof machine>): string {
  const lines = [
    `# Bench ${about.date.slice(0, 10)}`,
    "",
    `${about.cores} cores (${about.cpu}), load average at start ${about.loadAverageAtStart.join(" / ")}, Node ${about.node}.`,
    "",
  ];
  if (results.lighthouse?.length) {
    lines.push(
      `## Lighthouse (median of ${results.lighthouse[0]?.runs} runs)`,
      "",
      "| page | profile | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | KB | perf each run |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
      ...results.lighthouse.map(
        (r) =>
          `| ${r.page} | ${r.profile} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.speedIndexMs} | ${r.totalKB} | ${r.performanceRuns.join(", ")} |`,
      ),
      "",
    );
  }
  if (results.javascript) {
    lines.push(
      "## JavaScript per page",
      "",
      "| page | files | gzip KB | brotli KB |",
      "| --- | ---: | ---: | ---: |",
    );
    for (const [page, value] of Object.entries(results.javascript)) {
      if (typeof value === "object")
        lines.push(`| ${page} | ${value.files} | ${value.gzipKB} | ${value.brotliKB ?? ""} |`);
    }
    lines.push("");
  }
  const pairs: [string, Pair][] = [];
  if (results.throughput) {
    const t = results.throughput;
    pairs.push(["home (cached)", { site: t.home, bare: t.bareHome, ratio: t.homeRatio }]);
    pairs.push(["/api/units (cached)", { site: t.api, bare: t.bareApi, ratio: t.apiRatio }]);
  }
  for (const [name, pair] of Object.entries(results.moreThroughput ?? {})) pairs.push([name, pair]);
  if (pairs.length) {
    lines.push(
      "## Requests per second next to a bare Node server sending the same bytes",
      "",
      "| what | site | bare | ratio |",
      "| --- | ---: | ---: | ---: |",
      ...pairs.map(([name, p]) => `| ${name} | ${p.site.rps} | ${p.bare.rps} | ${p.ratio} |`),
      "",
    );
  }
  const calendar = results.calendarSync as
    | {
        eventsPerFeed: number;
        syncs: { feed: string; ms: number }[];
        eventLoop: { p99Ms: number; maxMs: number; longestHeldMs: number };
        addStayMs: number;
      }
    | undefined;
  if (calendar) {
    lines.push(
      `## Calendars at scale: two ${calendar.eventsPerFeed}-event feeds onto one unit`,
      "",
      "| first sync ms | second sync ms | event-loop delay p99 ms | max ms | longest held ms | a stay by hand after, ms |",
      "| ---: | ---: | ---: | ---: | ---: | ---: |",
      `| ${calendar.syncs[0]?.ms} | ${calendar.syncs[1]?.ms} | ${calendar.eventLoop.p99Ms} | ${calendar.eventLoop.maxMs} | ${calendar.eventLoop.longestHeldMs} | ${calendar.addStayMs} |`,
      "",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** bench/results/<date>.json and .md, and latest.md beside them. */
export async function writeReport(root: string, results: Results, about = machine()) {
  const dir = path.join(root, "bench", "results");
  await mkdir(dir, { recursive: true });
  const stamp = about.date.replace(/[:.]/g, "-");
  const json = `${JSON.stringify({ machine: about, ...results }, null, 2)}\n`;
  const md = markdown(results, about);
  await writeFile(path.join(dir, `${stamp}.json`), json);
  await writeFile(path.join(dir, `${stamp}.md`), md);
  await writeFile(path.join(dir, "latest.md"), md);
  return md;
}
