import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProperty,
  deleteProperty,
  updateProperty,
} from "../features/admin/properties.server.ts";
import { propertyFormSchema } from "../features/admin/property-schema.ts";
import { storeUpload } from "../features/admin/uploads.server.ts";
import { createAccount } from "../features/auth/accounts.server.ts";
import { createSession, readSession } from "../features/auth/sessions.server.ts";
import { rememberSignIn } from "../features/auth/sign-in.server.ts";
import { storeLead } from "../features/leads/leads.server.ts";
import { subscribeToNewsletter } from "../features/leads/newsletter.server.ts";
import { variantPath } from "../features/media/media-url.ts";
import { LocalDiskStorage } from "../features/media/storage.server.ts";
import { insertDemoUnits } from "../setup/seed.server.ts";
import {
  BackupError,
  backedUpTables,
  createBackup,
  RestoreRefusedError,
  readManifest,
  restoreBackup,
} from "./backup.server.ts";
import { type Database, dropEverything, openDatabase } from "./client.server.ts";
import {
  adminUsers,
  auditLog,
  leads,
  properties,
  propertyImages,
  sessions,
  settings,
} from "./schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestEngine } from "./testing.server.ts";

const temporary: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

interface Filled {
  storage: LocalDiskStorage;
  uploadKey: string;
  sessionToken: string;
}

/** A site in use: demo units, an uploaded picture on a new unit, every kind of lead, an admin and history. */
async function fill(database: Database): Promise<Filled> {
  const { db } = database;
  const storage = new LocalDiskStorage(await tempDir("backup-media-"));
  await insertDemoUnits(db);
  const admin = await createAccount(db, "owner@example.com", "a long enough passphrase 42");
  // Addresses the admin signed in from: a table whose key has two columns.
  for (const address of ["203.0.113.7", "198.51.100.20", "2001:db8::1"]) {
    await rememberSignIn(db, admin.id, address);
  }
  const picture = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
  const upload = await storeUpload(storage, picture);
  const form = {
    unitCode: "B-7",
    building: "Zen Space",
    name: "Sea View Condo",
    type: "condo",
    status: "available",
    location: "Kamala",
    bedrooms: "2",
    bathrooms: "1",
    sizeM2: "55",
    floor: "3",
    pricingMonthly: "40000",
    pricingSixMonth: "36000",
    pricingYearly: "32000",
    availableFrom: "",
    rentedUntil: "",
    facilities: "Pool, Gym",
    description: "Bright.",
    descriptionRu: "Светлая.",
    images: JSON.stringify([{ kind: "media", ...upload }]),
  };
  const created = await createProperty(db, propertyFormSchema.parse(form), admin.id);
  await updateProperty(
    db,
    storage,
    created.id,
    created.version,
    propertyFormSchema.parse({ ...form, pricingMonthly: "41000" }),
    admin.id,
  );
  const [demo] = await db.select().from(properties).orderBy(asc(properties.id)).limit(1);
  if (demo) await deleteProperty(db, demo.id, admin.id);

  for (const kind of ["roi", "revenue-share", "unit-enquiry", "contact"] as const) {
    await storeLead(db, {
      kind,
      name: `Lead ${kind}`,
      email: `${kind}@example.com`,
      message: 'Line one\nline two, with "quotes" and ру́сский',
      propertyId: kind === "unit-enquiry" ? created.id : null,
      inputs: { kind, amount: 1_500_000, nested: { list: [1, 2] } },
      language: kind === "contact" ? "ru" : "en",
      sourcePage: "/",
    });
  }
  await subscribeToNewsletter(db, { email: "reader@example.com", language: "en", sourcePage: "/" });
  const sessionToken = await createSession(db, admin.id, { ipAddress: "127.0.0.1" });
  return { storage, uploadKey: upload.mediaKey, sessionToken };
}

/** Every backed-up table's rows, as Drizzle reads them, in primary-key order. */
async function contents(database: Database) {
  const out: Record<string, unknown[]> = {};
  for (const info of backedUpTables()) {
    const table = info.table as PgTable & Record<string, never>;
    const rows = await database.db
      .select()
      .from(table)
      .orderBy(...info.primaryKey.map((column) => sql`${sql.identifier(column)}`));
    out[info.name] =
      info.name === "settings"
        ? (rows as { key: string }[]).filter((r) => r.key !== "content_version")
        : rows;
  }
  return out;
}

const contentVersion = async (database: Database) =>
  Number(
    (await database.db.select().from(settings).where(eq(settings.key, "content_version")))[0]
      ?.value ?? 0,
  );

/** An empty target: a fresh data folder for the embedded engine, an empty PostgreSQL database. */
async function emptyTarget(engine: TestEngine) {
  if (engine === "embedded") {
    const dir = await tempDir("backup-target-");
    const database = await openDatabase({ dataDir: path.join(dir, "pglite") });
    return { database, destroy: () => database.close() };
  }
  const database = await createTestDatabase("postgres");
  await dropEverything(database.db);
  return { database, destroy: () => database.destroy() };
}

const pairs = TEST_ENGINES.flatMap((from) => TEST_ENGINES.map((to) => [from, to] as const));

describe.each(pairs)("a backup of %s restored into %s", (from, to) => {
  let source: Awaited<ReturnType<typeof createTestDatabase>>;
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  let filled: Filled;
  let archive: string;
  let targetStorage: LocalDiskStorage;

  beforeAll(async () => {
    source = await createTestDatabase(from);
    filled = await fill(source);
    archive = path.join(await tempDir("backup-file-"), "site.tar.gz");
    target = await emptyTarget(to);
    targetStorage = new LocalDiskStorage(await tempDir("backup-target-media-"));
  });
  afterAll(async () => {
    await source?.destroy();
    await target?.destroy();
  });

  it("writes one archive whose manifest counts what it holds", async () => {
    // Pages of two rows, so that every table is read over several pages.
    const result = await createBackup(source, filled.storage, archive, { pageSize: 2 });
    // This storage holds the uploaded picture but not the demo units' rendered ones: those are named.
    expect(result.missingMedia.length).toBeGreaterThan(0);
    expect(result.missingMedia.filter((file) => !file.startsWith("demo/"))).toEqual([]);
    const manifest = await readManifest(archive);
    expect(manifest).toEqual(result.manifest);
    const rowsOf = (name: string) => manifest.tables.find((t) => t.name === name)?.rows;
    expect(rowsOf("properties")).toBe(25); // 25 demo units, one deleted, one added
    expect(rowsOf("leads")).toBe(5);
    expect(rowsOf("admin_users")).toBe(1);
    expect(rowsOf("admin_sign_in_addresses")).toBe(3);
    expect(rowsOf("audit_log")).toBe(3);
    expect(manifest.tables.map((t) => t.name)).not.toContain("sessions");
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(manifest.media.files).toBe((await filled.storage.list("")).length);
    expect(manifest.media.files).toBeGreaterThan(0);
  });

  it("restores every unit, picture, lead, account and history entry into an empty target", async () => {
    const result = await restoreBackup(target.database, targetStorage, archive);
    expect(result.mediaFiles).toBe(result.manifest.media.files);
    expect(await contents(target.database)).toEqual(await contents(source));

    for (const { path } of await filled.storage.list("")) {
      const restored = await targetStorage.get(path);
      expect(restored, path).toBeDefined();
      expect(Buffer.from(restored ?? [])).toEqual(
        Buffer.from((await filled.storage.get(path)) ?? []),
      );
    }
    expect(await targetStorage.exists(variantPath(filled.uploadKey, 480))).toBe(true);

    // Sign-ins are not carried over: a restored site starts signed out.
    expect((await target.database.db.select({ n: count() }).from(sessions))[0]?.n).toBe(0);
    expect(await readSession(target.database.db, filled.sessionToken)).toBeNull();

    // New rows get fresh ids after the restored ones.
    const [maxLead] = await source.db.select({ id: sql<number>`max(${leads.id})` }).from(leads);
    const id = await storeLead(target.database.db, {
      kind: "contact",
      email: "new@example.com",
      language: "en",
      sourcePage: "/",
    });
    expect(id).toBeGreaterThan(Number(maxLead?.id));
    const [newImage] = await target.database.db
      .insert(propertyImages)
      .values({
        propertyId: (await target.database.db.select().from(properties))[0]?.id ?? 0,
        position: 9,
        url: "https://example.com/a.jpg",
      })
      .returning({ id: propertyImages.id });
    expect(newImage?.id).toBeGreaterThan(0);

    // Pages cached before the restore are dropped: the content version moved past both.
    expect(await contentVersion(target.database)).toBeGreaterThan(await contentVersion(source));
  });

  it("refuses to overwrite a target holding data, and leaves it as it was", async () => {
    const before = await contents(target.database);
    await expect(restoreBackup(target.database, targetStorage, archive)).rejects.toBeInstanceOf(
      RestoreRefusedError,
    );
    expect(await contents(target.database)).toEqual(before);
  });

  it("replaces a target's data with force", async () => {
    await target.database.db.delete(auditLog);
    await target.database.db.update(adminUsers).set({ email: "changed@example.com" });
    await restoreBackup(target.database, targetStorage, archive, { force: true });
    expect(await contents(target.database)).toEqual(await contents(source));
  });
});

describe("restoring a damaged or newer archive", () => {
  const PICTURE = `uploads/${"ab".repeat(16)}-480.webp`;
  let source: Awaited<ReturnType<typeof createTestDatabase>>;
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let archive: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    source = await createTestDatabase("embedded");
    target = await createTestDatabase("embedded");
    storage = new LocalDiskStorage(await tempDir("backup-media-"));
    await insertDemoUnits(source.db);
    await storeLead(source.db, {
      kind: "contact",
      email: "a@example.com",
      language: "en",
      sourcePage: "/",
    });
    await storage.put(PICTURE, Buffer.from("picture bytes"));
    archive = path.join(await tempDir("backup-file-"), "site.tar.gz");
    await createBackup(source, storage, archive);
    await storeLead(target.db, {
      kind: "roi",
      email: "kept@example.com",
      language: "en",
      sourcePage: "/",
    });
  });
  afterAll(async () => {
    await source?.destroy();
    await target?.destroy();
  });

  /** The archive unpacked, changed by `edit`, packed again. */
  async function altered(edit: (dir: string) => Promise<void>) {
    const dir = await tempDir("backup-edit-");
    await tar.x({ file: archive, cwd: dir });
    await edit(dir);
    const file = path.join(await tempDir("backup-file-"), "altered.tar.gz");
    const media = await stat(path.join(dir, "media")).then(
      () => ["media"],
      () => [],
    );
    await tar.c({ gzip: true, file, cwd: dir }, ["manifest.json", "db", ...media]);
    return file;
  }

  const targetLeads = async () =>
    (await target.db.select({ email: leads.email }).from(leads)).map((r) => r.email);

  it("refuses an archive from a newer migration level than the code knows", async () => {
    const file = await altered(async (dir) => {
      const manifestFile = path.join(dir, "manifest.json");
      const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
      manifest.migration = { createdAt: manifest.migration.createdAt + 1, tag: "9999_future" };
      await writeFile(manifestFile, JSON.stringify(manifest));
    });
    await expect(restoreBackup(target, storage, file, { force: true })).rejects.toThrow(
      /newer version of the site/,
    );
    expect(await targetLeads()).toEqual(["kept@example.com"]);
  });

  it("changes nothing when a row cannot be inserted, even with force", async () => {
    const file = await altered(async (dir) => {
      const leadsFile = path.join(dir, "db", "leads.jsonl");
      const text = await readFile(leadsFile, "utf8");
      await writeFile(leadsFile, text.replace('"kind": "contact"', '"kind": "spam"'));
    });
    await expect(restoreBackup(target, storage, file, { force: true })).rejects.toThrow();
    expect(await targetLeads()).toEqual(["kept@example.com"]);
  });

  it("notices a picture missing from a damaged archive before changing anything", async () => {
    const file = await altered(async (dir) => {
      await rm(path.join(dir, "media", PICTURE));
    });
    const pictures = new LocalDiskStorage(await tempDir("backup-target-media-"));
    await expect(restoreBackup(target, pictures, file, { force: true })).rejects.toThrow(
      /media files/,
    );
    expect(await targetLeads()).toEqual(["kept@example.com"]);
  });

  it("notices rows missing from a damaged archive", async () => {
    const file = await altered(async (dir) => {
      await writeFile(path.join(dir, "db", "leads.jsonl"), "");
    });
    await expect(restoreBackup(target, storage, file, { force: true })).rejects.toBeInstanceOf(
      BackupError,
    );
    expect(await targetLeads()).toEqual(["kept@example.com"]);
  });
});
