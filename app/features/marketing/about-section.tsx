import { Link } from "react-router";
import { localizePath } from "../../i18n/languages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { AboutContent } from "./about-content.tsx";

export function AboutSection() {
  const { t, lang } = useT();
  return (
    <section id="about" className="scroll-mt-16 py-20">
      <AboutContent />
      <div className="mt-10 text-center">
        <Link
          to={localizePath("/about", lang)}
          className="inline-flex rounded-xl border-2 border-sea-900 px-6 py-3 font-semibold text-sea-900 hover:bg-sea-900 hover:text-white"
        >
          {t("about.more")}
        </Link>
      </div>
    </section>
  );
}
