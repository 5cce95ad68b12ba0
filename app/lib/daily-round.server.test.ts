import pino from "pino";
import { describe, expect, it } from "vitest";
import { type ExclusiveRunner, startDailyRound } from "./daily-round.server.ts";

const silent = pino({ level: "silent" });

/** A lock held by this process only: `held` makes it look taken by another server. */
function localLock() {
  const lock = { held: false, ids: [] as number[] };
  const runner: ExclusiveRunner = {
    async tryExclusive(lockId, fn) {
      lock.ids.push(lockId);
      if (lock.held) return { ran: false };
      return { ran: true, value: await fn() };
    },
  };
  return { lock, runner };
}

describe("a daily round", () => {
  it("runs its work under its lock and hands the result on; not when the lock is taken or the database not ready", async () => {
    const { lock, runner } = localLock();
    let ready = false;
    const after: number[] = [];
    const round = startDailyRound({
      database: runner,
      lockId: 42,
      hour: 6,
      logger: silent,
      isReady: () => ready,
      failure: "could not count",
      work: async (n: number) => n * 2,
      after: (value) => after.push(value),
    });
    try {
      expect(await round.runNow(1)).toBeNull();
      ready = true;
      expect(await round.runNow(2)).toBe(4);
      expect(lock.ids).toEqual([42]);
      lock.held = true;
      expect(await round.runNow(3)).toBeNull();
      expect(after).toEqual([4]);
    } finally {
      round.stop();
    }
  });

  it("never runs twice at once on one server, and a failure is logged and gives null", async () => {
    const { runner } = localLock();
    let release = () => {};
    let calls = 0;
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(line) });
    const round = startDailyRound({
      database: runner,
      lockId: 7,
      hour: 0,
      logger,
      isReady: () => true,
      failure: "could not do the round",
      work: async (fail: boolean) => {
        calls++;
        if (fail) throw new Error("boom");
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return "done";
      },
    });
    try {
      const first = round.runNow(false);
      expect(await round.runNow(false)).toBeNull();
      release();
      expect(await first).toBe("done");
      expect(await round.runNow(true)).toBeNull();
      expect(calls).toBe(2);
      expect(warnings.join("")).toContain("could not do the round");
    } finally {
      round.stop();
    }
  });
});
