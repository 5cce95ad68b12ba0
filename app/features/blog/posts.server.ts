import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { Language } from "../../i18n/languages.ts";
import { projectRoot } from "../../lib/paths.server.ts";
import { PICTURE_NAMES, type PictureName } from "../media/demo-pictures.server.ts";
import { MEDIA_WIDTHS, toUnitImage } from "../media/media-url.ts";
import { BLOG_CATEGORIES, type BlogPost, type BlogPostSummary } from "./blog.ts";

const frontMatterSchema = z.object({
  title: z.string().min(1),
  excerpt: z.string().min(1).max(200),
  author: z.string().min(1),
  publishDate: z
    .union([z.date(), z.string()])
    .transform((d) => (d instanceof Date ? d.toISOString().slice(0, 10) : d))
    .pipe(z.iso.date()),
  readTime: z.number().int().min(1).max(60),
  category: z.enum(BLOG_CATEGORIES),
  tags: z.array(z.string()).default([]),
  image: z.enum(PICTURE_NAMES),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

const FILE_NAME = /^([a-z0-9-]+)\.(en|ru)\.md$/;

export function blogMediaKey(slug: string): string {
  return `blog/${slug}`;
}

/** Splits `---` front matter from the Markdown body and checks it; throws naming the file. */
export function parsePostFile(file: string, text: string): { front: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success) {
    throw new Error(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  }
  return { front: parsed.data, body: match[2] ?? "" };
}

export interface BlogSource {
  slug: string;
  lang: Language;
  front: FrontMatter;
  body: string;
}

let cache: Promise<BlogSource[]> | undefined;

/** Every post file under content/blog, read once per process. */
export function readBlogSources(
  dir = path.join(projectRoot(), "content", "blog"),
): Promise<BlogSource[]> {
  if (dir !== path.join(projectRoot(), "content", "blog")) return readAll(dir);
  cache ??= readAll(dir).catch((error) => {
    cache = undefined;
    throw error;
  });
  return cache;
}

async function readAll(dir: string): Promise<BlogSource[]> {
  const files = (await readdir(dir)).filter((f) => FILE_NAME.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, slug, lang] = FILE_NAME.exec(file) as RegExpExecArray;
      const { front, body } = parsePostFile(file, await readFile(path.join(dir, file), "utf8"));
      return { slug: slug as string, lang: lang as Language, front, body };
    }),
  );
}

function summary(source: BlogSource): BlogPostSummary {
  const { front } = source;
  return {
    slug: source.slug,
    title: front.title,
    excerpt: front.excerpt,
    author: front.author,
    publishDate: front.publishDate,
    readTime: front.readTime,
    category: front.category,
    tags: front.tags,
    image: toUnitImage({
      mediaKey: blogMediaKey(source.slug),
      url: null,
      width: 1600,
      height: 1000,
      variants: [...MEDIA_WIDTHS],
    }),
  };
}

/** The posts of one language, newest first. */
export async function loadBlogPosts(lang: Language): Promise<BlogPostSummary[]> {
  return (await readBlogSources())
    .filter((s) => s.lang === lang)
    .map(summary)
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug));
}

export async function loadBlogPost(lang: Language, slug: string): Promise<BlogPost | null> {
  const source = (await readBlogSources()).find((s) => s.lang === lang && s.slug === slug);
  if (!source) return null;
  return { ...summary(source), html: await marked.parse(source.body) };
}

/** What the demo pictures step must store for the blog: one rendered picture per post. */
export async function blogPictures(): Promise<{ key: string; picture: { name: PictureName } }[]> {
  const seen = new Map<string, PictureName>();
  for (const s of await readBlogSources()) seen.set(s.slug, s.front.image);
  return [...seen].map(([slug, name]) => ({ key: blogMediaKey(slug), picture: { name } }));
}
