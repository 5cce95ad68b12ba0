import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRuntime, setRuntime } from "../../db/runtime.server.ts";
import { auditLog, ownerDocuments } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import * as adminDocumentsRoute from "../../routes/admin.owner-documents.tsx";
import * as downloadRoute from "../../routes/owner.document.ts";
import { createAccount } from "../auth/accounts.server.ts";
import { createSession } from "../auth/sessions.server.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import { documentFormSchema } from "./document-schema.ts";
import {
  addOwnerDocument,
  attachmentHeader,
  DocumentError,
  deleteOwnerDocument,
  listOwnerDocuments,
  prepareDocumentFile,
} from "./documents.server.ts";
import { createOwner, saveUnitOwnership } from "./owner-accounts.server.ts";
import { ownerFormSchema, unitOwnershipSchema } from "./owner-schema.ts";
import { createOwnerSession } from "./owner-sessions.server.ts";

const SITE = "http://owner.test";
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, "latin1");

async function refusal(promise: Promise<unknown>): Promise<DocumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("a document's file is checked by its content", () => {
  it("keeps a PDF as it is and re-encodes a picture to WebP without its metadata", async () => {
    const file = pdf("agreement");
    expect(await prepareDocumentFile(file)).toEqual({
      data: file,
      extension: "pdf",
      contentType: "application/pdf",
    });
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#aabbcc" },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret GPS place" } } })
      .toBuffer();
    const picture = await prepareDocumentFile(jpeg);
    expect([picture.extension, picture.contentType]).toEqual(["webp", "image/webp"]);
    const meta = await sharp(picture.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      "webp",
      300,
      200,
      undefined,
    ]);
  });

  it("refuses an empty file, one over 10 MB, and anything not a PDF or a picture", async () => {
    expect((await refusal(prepareDocumentFile(Buffer.alloc(0)))).message).toMatch(/empty/);
    const big = Buffer.concat([pdf("x"), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await refusal(prepareDocumentFile(big))).message).toMatch(/10 MB/);
    for (const bytes of [
      Buffer.from("<html><script>alert(1)</script>"),
      Buffer.from(" %PDF-1.4 with a space first"),
      Buffer.from("GIF89a"),
    ])
      expect((await refusal(prepareDocumentFile(bytes))).message).toMatch(/not a PDF/);
  });

  it("names a download as an attachment, in ASCII and in UTF-8", () => {
    expect(attachmentHeader('Договор "A".pdf')).toBe(
      `attachment; filename="_______ _A_.pdf"; filename*=UTF-8''${encodeURIComponent('Договор "A".pdf')}`,
    );
    expect(
      documentFormSchema.safeParse({ title: "A", category: "x", target: "unit:1" }).success,
    ).toBe(false);
    expect(
      documentFormSchema.safeParse({ title: "A", category: "other", target: "unit:1;2" }).success,
    ).toBe(false);
  });
});

describe.each(TEST_ENGINES)("owners' documents on %s", (engine) => {
  let database: TestDatabase;
  let storage: LocalDiskStorage;
  let anna: number;
  let boris: number;
  let annaUnit: number;
  let borisUnit: number;
  let annaCookie: string;
  let borisCookie: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const dataDir = mkdtempSync(path.join(tmpdir(), "owner-documents-"));
    storage = new LocalDiskStorage(path.join(dataDir, "media"));
    setRuntime({
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE }),
      database,
      databaseReady: true,
      storage,
      logger: createLogger("silent"),
    });
    const db = database.db;
    for (let i = 0; i < 5; i++) await insertTestUnit(db, `padding-${i}`);
    const owner = (email: string) =>
      createOwner(
        db,
        ownerFormSchema.parse({
          name: email,
          email,
          language: "en",
          alertChannels: ["email"],
          approvalThresholdBaht: "5000",
        }),
        null,
      );
    anna = await owner("anna@example.com");
    boris = await owner("boris@example.com");
    annaUnit = await insertTestUnit(db, "anna-unit");
    borisUnit = await insertTestUnit(db, "boris-unit");
    for (const [propertyId, ownerId] of [
      [annaUnit, anna],
      [borisUnit, boris],
    ] as const)
      await saveUnitOwnership(
        db,
        unitOwnershipSchema.parse({
          propertyId,
          owners: [{ ownerId, sharePercent: 100 }],
          program: "revenue-share",
        }),
        null,
      );
    annaCookie = `owner_session=${await createOwnerSession(db, anna)}`;
    borisCookie = `owner_session=${await createOwnerSession(db, boris)}`;
  });
  afterAll(async () => {
    setRuntime(undefined);
    await database.destroy();
  });

  const form = (title: string, target: string, category = "agreement") =>
    documentFormSchema.parse({ title, category, target });

  async function download(id: string, cookie?: string) {
    try {
      return (await downloadRoute.loader({
        request: new Request(`${SITE}/owner/documents/${id}`, {
          headers: cookie ? { cookie } : {},
        }),
        params: { id },
        context: new RouterContextProvider(),
      } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("shows an owner the documents of their units and their own, and no one else's", async () => {
    const db = database.db;
    const unitDoc = await addOwnerDocument(
      db,
      storage,
      form("Agreement", `unit:${annaUnit}`),
      pdf("a"),
      null,
    );
    const ownDoc = await addOwnerDocument(
      db,
      storage,
      form("Insurance", `owner:${anna}`, "insurance"),
      pdf("b"),
      null,
    );
    const borisDoc = await addOwnerDocument(
      db,
      storage,
      form("Boris's", `unit:${borisUnit}`),
      pdf("c"),
      null,
    );
    expect(new Set((await listOwnerDocuments(db, anna)).map((d) => d.id))).toEqual(
      new Set([unitDoc, ownDoc]),
    );
    expect((await listOwnerDocuments(db, boris)).map((d) => d.id)).toEqual([borisDoc]);
    // The file is under private/ with a random name.
    const rows = await db.select({ key: ownerDocuments.mediaKey }).from(ownerDocuments);
    for (const row of rows) expect(row.key).toMatch(/^private\/documents\/[a-f0-9]{32}\.pdf$/);
    expect(
      (await refusal(addOwnerDocument(db, storage, form("X", "unit:999999"), pdf("d"), null)))
        .message,
    ).toMatch(/Choose/);
  });

  it("downloads an owner's document as a never-cached attachment; others' and unknown ids are 404", async () => {
    const db = database.db;
    const bytes = pdf("the agreement itself");
    const id = String(
      await addOwnerDocument(
        db,
        storage,
        form("Договор управления", `unit:${annaUnit}`),
        bytes,
        null,
      ),
    );
    const mine = await download(id, annaCookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("application/pdf");
    expect(mine.headers.get("cache-control")).toBe("no-store");
    expect(mine.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(bytes);
    for (const [doc, cookie] of [
      [id, borisCookie],
      ["999999", annaCookie],
      ["abc", annaCookie],
      ["0", annaCookie],
    ] as const) {
      const answer = await download(doc, cookie);
      expect(answer.status, `${doc}`).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    // Signed out: to the sign-in form, and no bytes.
    const out = await download(id);
    expect([out.status, out.headers.get("location")]).toEqual([302, "/owner"]);
  });

  it("lets the desk delete a document: the row, the file in private storage, and an audit entry", async () => {
    const db = database.db;
    const admin = await createAccount(db, "desk@example.com", "coral reef at dawn");
    const desk = `admin_session=${await createSession(db, admin.id)}`;
    const id = await addOwnerDocument(
      db,
      storage,
      form("Old inspection", `unit:${annaUnit}`, "inspection"),
      pdf("old"),
      admin.id,
    );
    const [stored] = await db
      .select({ key: ownerDocuments.mediaKey })
      .from(ownerDocuments)
      .where(eq(ownerDocuments.id, id));
    const key = stored?.key ?? "";
    expect(await storage.exists(key)).toBe(true);
    const post = async (cookie: string, fields: Record<string, string>) => {
      const body = new URLSearchParams(fields).toString();
      try {
        return await adminDocumentsRoute.action({
          request: new Request(`${SITE}/admin/owners/documents`, {
            method: "POST",
            body,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "content-length": String(Buffer.byteLength(body)),
              origin: SITE,
              cookie,
            },
          }),
          params: {},
          context: new RouterContextProvider(),
        } as never);
      } catch (thrown) {
        return thrown;
      }
    };
    const status = (outcome: unknown) =>
      outcome instanceof Response
        ? outcome.status
        : ((outcome as { init?: { status?: number } }).init?.status ?? 200);

    // An owner's cookie deletes nothing.
    expect(status(await post(annaCookie, { intent: "delete", documentId: String(id) }))).not.toBe(
      200,
    );
    expect(await storage.exists(key)).toBe(true);
    expect(status(await post(desk, { intent: "delete", documentId: "x1" }))).toBe(400);

    const deleted = await post(desk, { intent: "delete", documentId: String(id) });
    expect(deleted).toEqual({ ok: true, message: "Document “Old inspection” deleted." });
    expect(await db.select().from(ownerDocuments).where(eq(ownerDocuments.id, id))).toEqual([]);
    expect(await storage.exists(key)).toBe(false);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "owner_document"), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ action: "delete", adminUserId: admin.id, after: null });
    expect(entry?.before).toMatchObject({ title: "Old inspection", mediaKey: key });
    expect((await download(String(id), annaCookie)).status).toBe(404);
    // A second click finds it gone.
    expect(status(await post(desk, { intent: "delete", documentId: String(id) }))).toBe(404);
  });

  it("keeps the document whole when its file cannot be removed from storage", async () => {
    const db = database.db;
    const id = await addOwnerDocument(db, storage, form("Kept", `owner:${anna}`), pdf("k"), null);
    const failing = {
      ...storage,
      remove: async () => {
        throw new Error("the bucket is out of reach");
      },
    } as unknown as typeof storage;
    await expect(deleteOwnerDocument(db, failing, id, null)).rejects.toThrow(/out of reach/);
    // Through the desk's page: a plain 503 that says nothing was deleted.
    const runtime = getRuntime();
    setRuntime({ ...runtime, storage: failing });
    try {
      const admin = await createAccount(db, "desk2@example.com", "coral reef at dusk");
      const body = `intent=delete&documentId=${id}`;
      const answer = await adminDocumentsRoute.action({
        request: new Request(`${SITE}/admin/owners/documents`, {
          method: "POST",
          body,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(body.length),
            origin: SITE,
            cookie: `admin_session=${await createSession(db, admin.id)}`,
          },
        }),
        params: {},
        context: new RouterContextProvider(),
      } as never);
      expect(answer).toMatchObject({
        init: { status: 503 },
        data: { ok: false, message: expect.stringContaining("nothing was deleted") },
      });
    } finally {
      setRuntime(runtime);
    }
    expect((await download(String(id), annaCookie)).status).toBe(200);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "owner_document"), eq(auditLog.entityId, String(id)))),
    ).toEqual([]);
  });
});
