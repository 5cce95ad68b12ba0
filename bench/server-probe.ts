/**
 * Loaded into the benchmarked server with `--import` (bench/site.ts): records the event loop's
 * delay (perf_hooks.monitorEventLoopDelay) and writes it, with the process's memory
 * (process.memoryUsage: resident, V8's heap reserved and used, memory outside it such as the
 * embedded database's WebAssembly memory and Buffers), to the file named by BENCH_PROBE_FILE
 * twice a second. SIGUSR2 starts a new measurement window.
 */
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => +(ns / 1e6).toFixed(1);
  const write = () => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    writeFileSync(
      file,
      JSON.stringify({
        loopDelayMs: {
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
        },
        rssMB: Math.round(rss / 2 ** 20),
        heapTotalMB: Math.round(heapTotal / 2 ** 20),
        heapUsedMB: Math.round(heapUsed / 2 ** 20),
        externalMB: Math.round(external / 2 ** 20),
        arrayBuffersMB: Math.round(arrayBuffers / 2 ** 20),
      }),
    );
  };
  setInterval(write, 500).unref();
  process.on("SIGUSR2", () => {
    delay.reset();
    write();
  });
}
