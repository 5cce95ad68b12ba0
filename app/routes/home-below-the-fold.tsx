import type { BlogPostSummary } from "../features/blog/blog.ts";
import { BlogTeaser } from "../features/blog/blog-teaser.tsx";
import { AboutSection } from "../features/marketing/about-section.tsx";
import { ClaimsStrip } from "../features/marketing/claims-strip.tsx";
import { PortalTeaser } from "../features/marketing/portal-teaser.tsx";
import { ServicesSection } from "../features/marketing/services-section.tsx";
import { TestimonialsSection } from "../features/marketing/testimonials-section.tsx";
import { DashboardSample } from "../features/owner-dashboard/dashboard-sample.tsx";
import { OwnerProgramsSection } from "../features/owners/owner-programs-section.tsx";

/** The home page's sections after the listing: their code loads when the visitor scrolls near. */
export default function HomeBelowTheFold({ posts }: { posts: BlogPostSummary[] }) {
  return (
    <>
      <ServicesSection />
      <ClaimsStrip />
      <AboutSection />
      <TestimonialsSection />
      <OwnerProgramsSection />
      <PortalTeaser />
      <DashboardSample />
      <BlogTeaser posts={posts} />
    </>
  );
}
