import { Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { formatDate } from "../../lib/format.ts";
import type { BlogPostSummary } from "./blog.ts";

export function PostMeta({ post }: { post: BlogPostSummary }) {
  const { t, lang } = useT();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-500">
      <span className="rounded-full bg-sea-50 px-3 py-0.5 font-semibold text-sea-700">
        {t(`blog.category.${post.category}`)}
      </span>
      <span>{t("blog.readTime", { count: post.readTime })}</span>
      <time dateTime={post.publishDate}>{formatDate(post.publishDate, lang)}</time>
    </p>
  );
}

export function PostCard({
  post,
  featured = false,
}: {
  post: BlogPostSummary;
  featured?: boolean;
}) {
  const { t, lang } = useT();
  const href = localizePath(`/blog/${post.slug}`, lang);
  return (
    <article
      data-testid="post-card"
      className={`flex overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200 ${
        featured ? "flex-col lg:flex-row" : "flex-col"
      }`}
    >
      {post.image && (
        <img
          src={post.image.src}
          srcSet={post.image.srcSet}
          sizes={featured ? "(min-width: 1024px) 640px, 100vw" : "(min-width: 1024px) 400px, 100vw"}
          width={1600}
          height={1000}
          loading={featured ? "eager" : "lazy"}
          decoding="async"
          alt=""
          className={`aspect-[8/5] object-cover ${featured ? "lg:w-1/2" : "w-full"}`}
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <PostMeta post={post} />
        {featured ? (
          <h2 className="font-display text-3xl text-sea-900">{post.title}</h2>
        ) : (
          <h3 className="font-display text-xl text-sea-900">{post.title}</h3>
        )}
        <p className="text-ink-600">{post.excerpt}</p>
        <p className="text-sm text-ink-500">{t("blog.by", { author: post.author })}</p>
        <Link
          to={href}
          className="mt-auto inline-flex w-fit items-center gap-1 font-semibold text-coral-600 hover:underline"
          aria-label={`${t("blog.readMore")}: ${post.title}`}
        >
          {t("blog.readMore")} →
        </Link>
      </div>
    </article>
  );
}
