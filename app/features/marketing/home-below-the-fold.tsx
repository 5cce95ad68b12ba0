import type { BlogPostSummary } from "../blog/blog.ts";
import { BlogTeaser } from "../blog/blog-teaser.tsx";
import { DashboardSample } from "../owner-dashboard/dashboard-sample.tsx";
import { OwnerProgramsSection } from "../owners/owner-programs-section.tsx";
import { AboutSection } from "./about-section.tsx";
import { ClaimsStrip } from "./claims-strip.tsx";
import { PortalTeaser } from "./portal-teaser.tsx";
import { ServicesSection } from "./services-section.tsx";
import { TestimonialsSection } from "./testimonials-section.tsx";

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
