import { describe, expect, it } from "vitest";
import { BLOG_CATEGORIES } from "./blog.ts";
import { loadBlogPost, loadBlogPosts, parsePostFile, readBlogSources } from "./posts.server.ts";

describe("the blog's posts", () => {
  it("are six, each in English and Russian with the same facts", async () => {
    const sources = await readBlogSources();
    const slugs = [...new Set(sources.map((s) => s.slug))];
    expect(slugs).toHaveLength(6);
    for (const slug of slugs) {
      const en = sources.find((s) => s.slug === slug && s.lang === "en");
      const ru = sources.find((s) => s.slug === slug && s.lang === "ru");
      expect(en, `${slug}.en.md`).toBeDefined();
      expect(ru, `${slug}.ru.md`).toBeDefined();
      for (const key of ["category", "readTime", "publishDate", "image"] as const) {
        expect(ru?.front[key], `${slug}: ${key}`).toEqual(en?.front[key]);
      }
      expect(ru?.front.title).toMatch(/[а-яё]/i);
    }
  });

  it("use every category and read times from 4 to 8 minutes", async () => {
    const posts = await loadBlogPosts("en");
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES));
    for (const post of posts) {
      expect(post.readTime).toBeGreaterThanOrEqual(4);
      expect(post.readTime).toBeLessThanOrEqual(8);
    }
  });

  it("are listed newest first", async () => {
    const dates = (await loadBlogPosts("ru")).map((p) => p.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("render their Markdown to HTML, and an unknown slug is null", async () => {
    const [first] = await loadBlogPosts("en");
    const post = await loadBlogPost("en", first?.slug ?? "");
    expect(post?.html).toMatch(/<h2[^>]*>/);
    expect(post?.html).toMatch(/<li>/);
    expect(await loadBlogPost("en", "no-such-post")).toBeNull();
    expect(await loadBlogPost("de" as "en", first?.slug ?? "")).toBeNull();
  });
});

describe("parsePostFile", () => {
  const valid = `---
title: "A"
excerpt: "B"
author: "C"
publishDate: 2026-05-01
readTime: 5
category: tips
tags: [a]
image: living
---
Body`;

  it("reads front matter and body", () => {
    const { front, body } = parsePostFile("x.en.md", valid);
    expect(front.publishDate).toBe("2026-05-01");
    expect(front.category).toBe("tips");
    expect(body).toBe("Body");
  });

  it("names the file and the field that is wrong", () => {
    expect(() => parsePostFile("bad.en.md", valid.replace("tips", "gossip"))).toThrow(
      /bad\.en\.md: category/,
    );
    expect(() => parsePostFile("none.en.md", "just text")).toThrow(/none\.en\.md: no front matter/);
  });
});
