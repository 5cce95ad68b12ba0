import { type Language, localizePath } from "../../i18n/languages.ts";
import { absoluteUrl, type JsonLd } from "../../lib/seo.ts";

/** What structured data needs of a blog post. */
export interface SeoPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishDate: string;
  category: string;
  tags: string[];
  image: { src: string } | null;
}

/** A blog article, its author and the company that publishes it. */
export function blogPostingJsonLd(
  post: SeoPost,
  publicUrl: string,
  lang: Language,
  company: string,
): JsonLd {
  const url = absoluteUrl(publicUrl, localizePath(`/blog/${post.slug}`, lang));
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#post`,
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: url,
    inLanguage: lang,
    datePublished: post.publishDate,
    ...(post.image ? { image: absoluteUrl(publicUrl, post.image.src) } : {}),
    author: { "@type": "Person", name: post.author },
    publisher: {
      "@type": "Organization",
      name: company,
      logo: { "@type": "ImageObject", url: absoluteUrl(publicUrl, "/favicon.svg") },
    },
    keywords: post.tags.join(", "),
    articleSection: post.category,
  };
}
