import { Link } from "react-router";
import { BLOG_CATEGORIES, type BlogCategory } from "../features/blog/blog.ts";
import { PostCard } from "../features/blog/post-card.tsx";
import { loadBlogPosts } from "../features/blog/posts.server.ts";
import { languageFromPath, localizePath } from "../i18n/languages.ts";
import { metaI18n } from "../i18n/meta.ts";
import { useT } from "../i18n/use-t.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { SectionHeading } from "../ui/section-heading.tsx";
import type { Route } from "./+types/blog";

export async function loader({ url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("category");
  // An unknown category is ignored, like an unknown listing filter.
  const category = BLOG_CATEGORIES.find((c) => c === requested) ?? null;
  const posts = await loadBlogPosts(languageFromPath(url.pathname));
  return { category, posts: category ? posts.filter((p) => p.category === category) : posts };
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaI18n(args);
  return pageMeta(args, { title: t("meta.blogTitle"), description: t("meta.blogDescription") });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const { category, posts } = loaderData;
  const [featured, ...rest] = category ? [undefined, ...posts] : posts;
  const base = localizePath("/blog", lang);
  const filters: { id: BlogCategory | null; label: string }[] = [
    { id: null, label: t("blog.allPosts") },
    ...BLOG_CATEGORIES.map((c) => ({ id: c, label: t(`blog.category.${c}`) })),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <header>
        <p className="text-sm font-semibold tracking-[0.2em] text-coral-600 uppercase">
          {t("blog.eyebrow")}
        </p>
        <h1 className="mt-2 font-display text-4xl text-sea-900 sm:text-5xl">{t("blog.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-600">{t("blog.subtitle")}</p>
      </header>
      <nav aria-label={t("blog.filter")} className="mt-8 overflow-x-auto">
        <ul className="flex gap-2">
          {filters.map((f) => (
            <li key={f.id ?? "all"}>
              <Link
                to={f.id ? `${base}?category=${f.id}` : base}
                preventScrollReset
                aria-current={f.id === category ? "page" : undefined}
                className={`block rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                  f.id === category
                    ? "bg-sea-900 text-white"
                    : "bg-white text-ink-600 ring-1 ring-sand-200 hover:text-sea-900"
                }`}
              >
                {f.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {featured && (
        <section className="mt-10" aria-label={t("blog.featured")}>
          <p className="mb-3 text-sm font-semibold text-coral-600">{t("blog.featured")}</p>
          <PostCard post={featured} featured />
        </section>
      )}
      <section className="mt-12">
        {!category && rest.length > 0 && <SectionHeading title={t("blog.latest")} />}
        {posts.length === 0 ? (
          <p className="mt-6 text-ink-600">{t("blog.empty")}</p>
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {rest.map((post) =>
              post ? (
                <li key={post.slug} className="flex">
                  <PostCard post={post} />
                </li>
              ) : null,
            )}
          </ul>
        )}
      </section>
    </div>
  );
}
