/**
 * Lighthouse (mobile and desktop profiles) on a few pages of a running site, in the system
 * Chromium. Each page and profile is audited `runs` times; the figures reported are the medians,
 * because this machine is shared and one run can land on a busy moment.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { CHROMIUM_ARGS, chromiumPath } from "../tests/e2e/support/env.ts";

export const CHROMIUM_FLAGS = ["--headless", ...CHROMIUM_ARGS];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Everything the page downloaded, as transferred. */
  totalKB: number;
  /** Audits that did not pass in the median run, by id: what to look at when a score drops. */
  failing: string[];
}

export interface LighthouseResult extends LighthouseFigures {
  page: string;
  url: string;
  profile: "mobile" | "desktop";
  runs: number;
  /** Each run's performance score, to show the spread behind the median. */
  performanceRuns: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** One audit; a run Lighthouse itself could not record (a busy machine) is tried again. */
async function auditOnce(
  url: string,
  profile: "mobile" | "desktop",
  port: number,
  attempts = 3,
): Promise<LighthouseFigures> {
  try {
    return await auditRecorded(url, profile, port);
  } catch (error) {
    if (attempts <= 1) throw error;
    return auditOnce(url, profile, port, attempts - 1);
  }
}

async function auditRecorded(
  url: string,
  profile: "mobile" | "desktop",
  port: number,
): Promise<LighthouseFigures> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
    profile === "desktop" ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 0.9)
      .map((audit) => `${audit?.id} (${audit?.displayValue ?? audit?.score})`),
  );
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: Math.round(numeric("first-contentful-paint")),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: +numeric("cumulative-layout-shift").toFixed(3),
    speedIndexMs: Math.round(numeric("speed-index")),
    totalKB: +(numeric("total-byte-weight") / 1024).toFixed(1),
    failing,
  };
}

/** Audits every page in both profiles, `runs` times each, and returns the medians. */
export async function lighthouseMedians(
  pages: { page: string; url: string }[],
  runs = 3,
  profiles: readonly ("mobile" | "desktop")[] = ["mobile", "desktop"],
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const results: LighthouseResult[] = [];
    for (const profile of profiles) {
      for (const { page, url } of pages) {
        // One throw-away load first, so that the first counted run does not pay for the
        // server's page cache or the browser's first start.
        await auditOnce(url, profile, chrome.port);
        const all: LighthouseFigures[] = [];
        for (let i = 0; i < runs; i++) all.push(await auditOnce(url, profile, chrome.port));
        const byPerformance = [...all].sort((a, b) => a.performance - b.performance);
        const middle = byPerformance[Math.floor(byPerformance.length / 2)] as LighthouseFigures;
        const pick = (key: keyof Omit<LighthouseFigures, "failing">) =>
          median(all.map((figures) => figures[key]));
        results.push({
          page,
          url,
          profile,
          runs,
          performance: pick("performance"),
          accessibility: pick("accessibility"),
          bestPractices: pick("bestPractices"),
          seo: pick("seo"),
          fcpMs: pick("fcpMs"),
          lcpMs: pick("lcpMs"),
          tbtMs: pick("tbtMs"),
          cls: pick("cls"),
          speedIndexMs: pick("speedIndexMs"),
          totalKB: pick("totalKB"),
          failing: middle.failing,
          performanceRuns: all.map((figures) => figures.performance),
        });
      }
    }
    return results;
  } finally {
    chrome.kill();
  }
}
