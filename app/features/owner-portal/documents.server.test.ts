import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRuntime } from "../../db/runtime.server.ts";
import { ownerDocuments } from "../../db/schema.ts";
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from "../../db/testing.server.ts";
import { loadConfig } from "../../lib/config.server.ts";
import { createLogger } from "../../lib/logger.server.ts";
import * as downloadRoute from "../../routes/owner.document.ts";
import { insertTestUnit } from "../availability/test-units.server.ts";
import { LocalDiskStorage } from "../media/storage.server.ts";
import {
  addOwnerDocument,
  attachmentHeader,
  DocumentError,
  documentFormSchema,
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
});
