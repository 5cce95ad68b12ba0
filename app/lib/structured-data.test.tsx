import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadBlogPost } from "../features/blog/posts.server.ts";
import type { UnitDetail } from "../features/listings/unit.ts";
import { fallbackUnitDetail } from "../features/listings/unit-detail.server.ts";
import { createI18n } from "../i18n/messages.server.ts";
import { I18nProvider } from "../i18n/use-t.tsx";
import About from "../routes/about.tsx";
import BlogPost from "../routes/blog-post.tsx";
import Unit from "../routes/unit.tsx";
import { DEMO_CONTACTS as contacts } from "./contacts.test-fixture.ts";

const PUBLIC_URL = "https://rentals.example";

type Block = Record<string, unknown> & { "@type": string | string[] };

/** Renders a page as the server does and parses every JSON-LD block in it. */
function jsonLdOf(
  path: string,
  Component: () => React.ReactNode,
  loaderData: unknown,
  lang: "en" | "ru" = "en",
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      HydrateFallback: () => null,
      children: [{ id: "page", path: path.slice(1), Component, HydrateFallback: () => null }],
    },
  ]);
  const html = renderToString(
    <I18nProvider value={createI18n(lang)}>
      <Stub
        initialEntries={[path]}
        hydrationData={{
          loaderData: { root: { contacts, publicUrl: PUBLIC_URL }, page: loaderData },
        }}
      />
    </I18nProvider>,
  );
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].flatMap((m) => {
    const parsed = JSON.parse(m[1] ?? "") as Block | Block[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
  return { html, blocks };
}

const byType = (blocks: Block[], type: string) =>
  blocks.filter((b) => [b["@type"]].flat().includes(type));

const unitOf = (slug: string) => {
  const unit = fallbackUnitDetail(slug);
  if (!unit) throw new Error(`no demo unit ${slug}`);
  return unit;
};

describe("structured data", () => {
  // The unit page's deferred parts start loading their code when its module is read (the server
  // renders them whole): wait for it, so the pages render as the server sends them and no import
  // is still under way when the test file ends.
  beforeAll(async () => {
    await Promise.all([
      import("../features/listings/unit-below-the-fold.tsx"),
      import("../features/listings/similar-units.tsx"),
    ]);
  });

  it("describes a pool villa as a House with its rooms, size and a THB offer per lease", () => {
    const unit = unitOf("canopy-pool-villa-v-01");
    const { blocks } = jsonLdOf(`/units/${unit.slug}`, Unit as () => React.ReactNode, {
      unit,
      source: "database",
      similar: [],
    });
    const [house] = byType(blocks, "House");
    expect(house).toBeDefined();
    expect(byType(blocks, "Apartment")).toHaveLength(0);
    expect(house).toMatchObject({
      name: unit.name,
      url: `${PUBLIC_URL}/units/${unit.slug}`,
      numberOfBedrooms: unit.bedrooms,
      numberOfBathroomsTotal: unit.bathrooms,
      floorSize: { value: unit.sizeM2, unitCode: "MTK" },
    });
    const offers = (house?.offers ?? []) as {
      price: number;
      priceCurrency: string;
      eligibleDuration: { value: number };
    }[];
    expect(offers.map((o) => [o.eligibleDuration.value, o.price, o.priceCurrency])).toEqual([
      [12, unit.pricing.yearly, "THB"],
      [6, unit.pricing.sixMonth, "THB"],
      [1, unit.pricing.monthly, "THB"],
    ]);
    for (const image of (house?.image ?? []) as string[])
      expect(image).toMatch(/^https:\/\/rentals\.example\//);
    const [crumbs] = byType(blocks, "BreadcrumbList");
    expect(
      ((crumbs?.itemListElement ?? []) as { position: number; item: string }[]).map((c) => c.item),
    ).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/#units`, `${PUBLIC_URL}/units/${unit.slug}`]);
  });

  it("describes a condo as an Apartment, in Russian under /ru", () => {
    const condo = unitOf("zen-sky-penthouse-z-902");
    expect(condo.type).toBe("condo");
    const { blocks } = jsonLdOf(
      `/ru/units/${condo.slug}`,
      Unit as () => React.ReactNode,
      { unit: condo, source: "database", similar: [] },
      "ru",
    );
    const [apartment] = byType(blocks, "Apartment");
    expect(apartment?.url).toBe(`${PUBLIC_URL}/ru/units/${condo.slug}`);
    expect(((apartment?.offers ?? []) as { price: number }[]).map((o) => o.price)).toEqual([
      condo.pricing.yearly,
      condo.pricing.sixMonth,
      condo.pricing.monthly,
    ]);
  });

  it("cannot be closed early by stored text", () => {
    const unit: UnitDetail = {
      ...unitOf("canopy-pool-villa-v-01"),
      name: "Villa </script><script>alert(1)</script>",
      description: "A <b>bold</b> & </SCRIPT > claim",
    };
    const { html, blocks } = jsonLdOf(`/units/${unit.slug}`, Unit as () => React.ReactNode, {
      unit,
      source: "database",
      similar: [],
    });
    expect(html).not.toContain("<script>alert(1)");
    const [house] = byType(blocks, "House");
    expect(house?.name).toBe(unit.name);
    expect(house?.description).toBe(unit.description);
  });

  it("names the company as a real-estate agent with its office on the about page", () => {
    const { blocks } = jsonLdOf("/about", About as () => React.ReactNode, null);
    const [company] = byType(blocks, "RealEstateAgent");
    expect(company).toMatchObject({
      name: "Kamala Living",
      telephone: "+66 76 000 100",
      email: "rentals@example.com",
      url: `${PUBLIC_URL}/`,
      address: { streetAddress: contacts.officeAddress, postalCode: "83150", addressCountry: "TH" },
      geo: { "@type": "GeoCoordinates", ...contacts.officePosition },
    });
    expect(byType(blocks, "BreadcrumbList")).toHaveLength(1);
  });

  it("marks a post as a BlogPosting by its author", async () => {
    const post = await loadBlogPost("en", "condo-or-pool-villa");
    if (!post) throw new Error("the post is missing");
    const { blocks } = jsonLdOf(`/blog/${post.slug}`, BlogPost as () => React.ReactNode, { post });
    const [posting] = byType(blocks, "BlogPosting");
    expect(posting).toMatchObject({
      headline: post.title,
      datePublished: post.publishDate,
      author: { name: post.author },
      url: `${PUBLIC_URL}/blog/${post.slug}`,
    });
    expect(posting?.image).toMatch(/^https:\/\/rentals\.example\/media\//);
    expect(byType(blocks, "BreadcrumbList")).toHaveLength(1);
  });
});
