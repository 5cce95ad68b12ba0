/** The built site started for a benchmark, on a free port, with its own data folder. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The command `npm start` runs the server with (package.json): `VAR=value … node --flag … server.ts`. */
function startCommand(): RegExpMatchArray {
  const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const start = String(packageJson.scripts.start);
  const command = start.match(/((?:\w+=\S+ )*)node ((?:--\S+ )*)server\.ts/);
  if (!command) throw new Error(`cannot read the server's flags from "start": ${start}`);
  return command;
}

/**
 * The Node.js flags `npm start` gives the server (package.json), so that the benchmark measures
 * the server as it is run.
 */
export function startFlags(): string[] {
  return (startCommand()[2] ?? "").trim().split(/\s+/).filter(Boolean);
}

/** The environment `npm start` sets for the server (MALLOC_ARENA_MAX), as startFlags. */
export function startEnv(): Record<string, string> {
  const assignments = (startCommand()[1] ?? "").trim().split(/\s+/).filter(Boolean);
  return Object.fromEntries(
    assignments.map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]),
  );
}

export interface Memory {
  /** Resident memory now. */
  rssMB: number;
  /** The most resident memory the process has had since it started. */
  peakMB: number;
  /**
   * Where it is, from process.memoryUsage() at most half a second ago (bench/server-probe.ts):
   * V8's heap reserved and in use (dead objects count until a full collection), memory outside
   * the heap (the embedded database's WebAssembly memory, Buffers) and the ArrayBuffers in it.
   */
  heapTotalMB?: number;
  heapUsedMB?: number;
  externalMB?: number;
  arrayBuffersMB?: number;
}

export interface Probe {
  loopDelayMs: { p50: number; p99: number; max: number };
  rssMB?: number;
  heapTotalMB?: number;
  heapUsedMB: number;
  externalMB: number;
  arrayBuffersMB: number;
}

export interface Site {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** The server's resident memory, from /proc (Linux). */
  memory(): Promise<Memory>;
  /** Starts a new window of event-loop delay (bench/server-probe.ts). */
  resetProbe(): void;
  /** The event-loop delay since the last reset, and the heap (updated twice a second). */
  probe(): Promise<Probe>;
  /** Stops the server and waits until it has closed the database. */
  stop(): Promise<void>;
}

export async function startSite(
  options: { dataDir?: string; env?: Record<string, string>; flags?: string[] } = {},
): Promise<Site> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "bench-")));
  const probeFile = path.join(dataDir, "probe.json");
  const probeModule = path.join(root, "bench", "server-probe.ts");
  const flags = options.flags ?? startFlags();
  const child = spawn(process.execPath, [...flags, "--import", probeModule, "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      // Canonical and alternate links name the address the benchmark reaches.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      MEDIA_DIR: path.join(root, ".e2e-data", "media"),
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      BENCH_PROBE_FILE: probeFile,
      ...startEnv(),
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const memory = async (): Promise<Memory> => {
    const status = await readFile(`/proc/${child.pid}/status`, "utf8");
    const kB = (name: string) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
    const resident = {
      rssMB: Math.round(kB("VmRSS") / 1024),
      peakMB: Math.round(kB("VmHWM") / 1024),
    };
    // Read while the probe rewrites it, the file can be cut short: the breakdown is left out.
    const heap = await readFile(probeFile, "utf8")
      .then((text) => JSON.parse(text) as Probe)
      .catch(() => undefined);
    if (!heap) return resident;
    const { heapTotalMB, heapUsedMB, externalMB, arrayBuffersMB } = heap;
    return { ...resident, heapTotalMB, heapUsedMB, externalMB, arrayBuffersMB };
  };
  const resetProbe = () => child.kill("SIGUSR2");
  const probe = async (): Promise<Probe> => {
    // Written twice a second: wait for the one after now.
    await new Promise((r) => setTimeout(r, 600));
    return JSON.parse(await readFile(probeFile, "utf8"));
  };
  const site = { url, dataDir, child, memory, resetProbe, probe, stop };
  // The first start draws the demo pictures, which takes a while on a busy machine.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error("the site stopped while starting");
    try {
      if ((await fetch(`${url}/readyz`)).ok) return site;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("the site did not start");
}
