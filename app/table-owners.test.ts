import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Each table of app/db/schema.ts has one owner: the feature (or the db layer) whose modules
 * insert, update and delete its rows; other features read it, or ask the owner. Seeding
 * (app/setup) and the tools (scripts/, bench/) build data and may write any table. A write from anywhere else is either
 * listed below with its reason or fails. Writes are found as Drizzle calls `.insert(table)`,
 * `.update(table)` and `.delete(table)` on the schema's name; see docs/decisions/070-layers.md.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

/** A table's owner: a feature's folder name, or `db` for the database layer's own tables. */
const OWNERS: Record<string, string> = {
  properties: "admin",
  propertyImages: "admin",
  adminUsers: "auth",
  sessions: "auth",
  adminRecoveryCodes: "auth",
  adminSignInAddresses: "auth",
  stays: "availability",
  calendarFeeds: "availability",
  leads: "leads",
  leadNotes: "lead-desk",
  outbox: "leads",
  savedSearches: "saved-searches",
  savedSearchUnits: "saved-searches",
  emailTokens: "db",
  emailSuppressions: "db",
  auditLog: "db",
  currencyRates: "currencies",
  settings: "db",
  rateLimits: "db",
  leases: "leases",
  leaseTenants: "leases",
  leaseEvents: "leases",
  leaseDues: "leases",
  leasePayments: "leases",
  depositDeductions: "leases",
  tasks: "leases",
  owners: "owner-portal",
  ownerRecoveryCodes: "owner-portal",
  ownerSessions: "owner-portal",
  ownerTokens: "owner-portal",
  unitOwners: "owner-portal",
  unitPrograms: "owner-portal",
  ownerStayRequests: "owner-portal",
  ownerDocuments: "owner-portal",
  repairTickets: "owner-portal",
  repairEvents: "owner-portal",
  leaseInspections: "lease-documents",
  leaseInspectionItems: "lease-documents",
  ledgerStays: "owner-statements",
  ledgerExpenses: "owner-statements",
  ownerWithholding: "owner-statements",
  ownerStatements: "owner-statements",
  ownerStatementLines: "owner-statements",
  ownerStatementParts: "owner-statements",
};

/**
 * Tables written by more than their owner today, each writer with its reason. The shared
 * tables (audit log, outbox, settings) take rows from every feature that records, sends or
 * remembers something; the others are open work.
 */
const SHARED_WRITES: { table: string; writer: string; why: string }[] = [
  ...["admin", "availability", "currencies", "lead-desk", "leases", "owner-portal"].map(
    (writer) => ({ table: "auditLog", writer, why: "each feature records its own changes" }),
  ),
  ...["availability", "leases", "owner-portal", "owner-statements", "saved-searches"].map(
    (writer) => ({ table: "outbox", writer, why: "each feature queues its own messages" }),
  ),
  { table: "settings", writer: "auth", why: "the second factor's own key" },
  { table: "settings", writer: "owner-portal", why: "the portal's own keys" },
  { table: "leads", writer: "lead-desk", why: "the desk works the leads: stage, owner, handled" },
  { table: "leads", writer: "leases", why: "a lead is marked won when its lease is made" },
  { table: "properties", writer: "availability", why: "the status derived from the calendar" },
  { table: "stays", writer: "leases", why: "the demo leases' stays (seeding through leases)" },
  { table: "unitPrograms", writer: "owner-statements", why: "the demo statements' programs" },
];

type Writer = string;

/** Who a module writes as: its feature, `db`, `setup`, or its top folder. */
function writerOf(file: string): Writer {
  const [top, second, third] = file.split("/");
  if (top === "app" && second === "features") return third ?? "";
  if (top === "app") return second ?? "";
  return top ?? "";
}

const isTest = (file: string) =>
  /\.test\.tsx?$|(^|\/)testing\.server\.ts$|test-fixtures?\.ts$|(^|\/)test-units\.server\.ts$/.test(
    file,
  );

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

/** The tables a source writes, by their schema names: one linear pattern. */
function writtenTables(source: string, tables: ReadonlySet<string>): string[] {
  const found = [...source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)].map(
    (m) => m[1] as string,
  );
  return [...new Set(found.filter((name) => tables.has(name)))];
}

/** Why `writer` must not write `table`, or null. */
function ownershipViolation(table: string, writer: Writer): string | null {
  const owner = OWNERS[table];
  if (owner === undefined) return `${table} has no owner`;
  if (writer === owner || ["setup", "scripts", "bench"].includes(writer)) return null;
  if (SHARED_WRITES.some((s) => s.table === table && s.writer === writer)) return null;
  return `${writer} writes ${table}, which ${owner} owns`;
}

describe("one owner per table", () => {
  const schema = readFileSync(path.join(ROOT, "app/db/schema.ts"), "utf8");
  const tables = new Set(
    [...schema.matchAll(/^export const (\w+) = pgTable\(/gm)].map((m) => m[1] as string),
  );
  const writes = ["app", "server", "scripts", "bench"]
    .flatMap(sourceFiles)
    .filter((f) => !isTest(f))
    .flatMap((file) =>
      writtenTables(readFileSync(path.join(ROOT, file), "utf8"), tables).map((table) => ({
        file,
        table,
        writer: writerOf(file),
      })),
    );

  it("names an owner for every table of the schema, and only those", () => {
    expect(tables.size).toBeGreaterThan(30);
    expect([...tables].sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it("finds the writes: every owner writes its tables somewhere", () => {
    const written = new Set(writes.map((w) => w.table));
    expect([...tables].filter((t) => !written.has(t))).toEqual([]);
  });

  it("lets only the owner (and seeding) write a table, besides the listed shared writes", () => {
    const broken = writes.flatMap(({ file, table, writer }) => {
      const why = ownershipViolation(table, writer);
      return why ? [`${file}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("keeps no stale shared write", () => {
    const stale = SHARED_WRITES.filter(
      (s) => !writes.some((w) => w.table === s.table && w.writer === s.writer),
    );
    expect(stale).toEqual([]);
  });

  it("reads writes in the forms Drizzle takes them", () => {
    const known = new Set(["leads", "outbox", "stays"]);
    const source = `await db.insert(leads).values(x);\nawait tx\n  .update( outbox )\n  .set({});\ndb.delete(stays);\ndb.insert(values);\nselect().from(leads);`;
    expect(writtenTables(source, known).sort()).toEqual(["leads", "outbox", "stays"]);
    expect(ownershipViolation("leadNotes", "leads")).toMatch(/leads writes leadNotes/);
    expect(ownershipViolation("leadNotes", "lead-desk")).toBeNull();
    expect(ownershipViolation("leadNotes", "setup")).toBeNull();
    expect(ownershipViolation("leadNotes", "bench")).toBeNull();
    expect(ownershipViolation("nothing", "admin")).toMatch(/no owner/);
  });
});
