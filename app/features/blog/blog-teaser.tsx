import { Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { SectionHeading } from "../../ui/section-heading.tsx";
import type { BlogPostSummary } from "./blog.ts";
import { PostCard } from "./post-card.tsx";

export function BlogTeaser({ posts }: { posts: BlogPostSummary[] }) {
  const { t, lang } = useT();
  if (posts.length === 0) return null;
  return (
    <section id="blog" className="scroll-mt-16 bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading eyebrow={t("blog.eyebrow")} title={t("blog.teaserTitle")} />
          <Link
            to={localizePath("/blog", lang)}
            className="font-semibold text-coral-600 hover:underline"
          >
            {t("blog.viewAll")} →
          </Link>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.slug} className="flex">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
