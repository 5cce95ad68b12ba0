import { describe, expect, it } from "vitest";
import { BLOG_CATEGORIES } from "./blog.ts";
import { loadBlogPost, loadBlogPosts, parsePostFile, readBlogSources } from "./posts.server.ts";

describe("the blog's posts", () => {
  it("come each in English and Russian with the same facts", async () => {
    const sources = await readBlogSources();
    const slugs = [...new Set(sources.map((s) => s.slug))];
    expect(slugs.length).toBeGreaterThan(0);
    expect(sources).toHaveLength(slugs.length * 2);
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

  it("use only known categories, every one of them, with a whole number of minutes to read", async () => {
    const posts = await loadBlogPosts("en");
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES));
    for (const post of posts) {
      expect(Number.isInteger(post.readTime), post.slug).toBe(true);
      expect(post.readTime, post.slug).toBeGreaterThan(0);
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
image: living-1
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
