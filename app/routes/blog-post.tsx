import { data, Link } from "react-router";
import { PostMeta } from "../features/blog/post-card.tsx";
import { blogPostingJsonLd } from "../features/blog/post-json-ld.ts";
import { loadBlogPost } from "../features/blog/posts.server.ts";
import { languageFromPath, localizePath } from "../i18n/languages.ts";
import { useT } from "../i18n/use-t.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { breadcrumbJsonLd } from "../lib/seo.ts";
import { useSite } from "../lib/use-site.ts";
import { JsonLd } from "../ui/json-ld.tsx";
import type { Route } from "./+types/blog-post";

export async function loader({ url, params }: Route.LoaderArgs) {
  const post = await loadBlogPost(languageFromPath(url.pathname), params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  if (!loaderData) return [];
  const { post } = loaderData;
  return pageMeta(args, {
    title: post.title,
    description: post.excerpt,
    image: post.image?.src,
    type: "article",
  });
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const site = useSite();
  const { post } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link
        to={localizePath("/blog", lang)}
        className="inline-flex items-center gap-1 font-semibold text-sea-700 hover:underline"
      >
        ← {t("blog.back")}
      </Link>
      <header className="mt-6">
        <PostMeta post={post} />
        <h1 className="mt-4 font-display text-4xl leading-tight text-sea-900 sm:text-5xl">
          {post.title}
        </h1>
        <p className="mt-4 text-lg text-ink-600">{post.excerpt}</p>
        <p className="mt-3 text-sm text-ink-500">{t("blog.by", { author: post.author })}</p>
      </header>
      {post.image && (
        <img
          src={post.image.src}
          srcSet={post.image.srcSet}
          sizes="(min-width: 768px) 768px, 100vw"
          width={1600}
          height={1000}
          alt=""
          // The largest thing on the first screen: asked for before the cards' pictures.
          fetchPriority="high"
          className="mt-8 aspect-[8/5] w-full rounded-3xl object-cover"
        />
      )}
      <div
        className="prose-article mt-10"
        // The article is the company's own Markdown from content/blog, rendered on the server.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted content from the repository
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
      {site && (
        <JsonLd
          data={[
            blogPostingJsonLd(post, site.publicUrl, lang, site.contacts.brandName),
            breadcrumbJsonLd(
              [
                { name: t("nav.home"), path: localizePath("/", lang) },
                { name: t("nav.blog"), path: localizePath("/blog", lang) },
                { name: post.title, path: localizePath(`/blog/${post.slug}`, lang) },
              ],
              site.publicUrl,
            ),
          ]}
        />
      )}
    </article>
  );
}
