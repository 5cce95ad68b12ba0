import type { UnitImage } from "../media/media-url.ts";

export const BLOG_CATEGORIES = ["lifestyle", "property", "local", "tips"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date. */
  publishDate: string;
  /** Minutes. */
  readTime: number;
  category: BlogCategory;
  tags: string[];
  image: UnitImage | null;
}

export interface BlogPost extends BlogPostSummary {
  /** The article rendered from Markdown written by the company. */
  html: string;
}
