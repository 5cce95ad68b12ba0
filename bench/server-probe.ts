/**
 * Loaded into the benchmarked server with `--import` (bench/site.ts): records the event loop's
 * delay (perf_hooks.monitorEventLoopDelay) and writes it, with the process's memory, to the file
 * named by BENCH_PROBE_FILE twice a second. SIGUSR2 starts a new measurement window.
 */
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => +(ns / 1e6).toFixed(1);
  const write = () => {
    const { heapUsed, external, arrayBuffers } = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({
        loopDelayMs: {
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
        },
        heapUsedMB: Math.round(heapUsed / 1e6),
        externalMB: Math.round(external / 1e6),
        arrayBuffersMB: Math.round(arrayBuffers / 1e6),
      }),
    );
  };
  setInterval(write, 500).unref();
  process.on("SIGUSR2", () => {
    delay.reset();
    write();
  });
}
