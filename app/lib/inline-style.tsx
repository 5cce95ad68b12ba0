import { createContext, type ReactNode, useContext, useMemo } from "react";

const InlineStyleContext = createContext("");

/** The site's stylesheet text, given on the server only (entry.server.tsx). */
export function InlineStyleProvider({ value, children }: { value: string; children: ReactNode }) {
  return <InlineStyleContext.Provider value={value}>{children}</InlineStyleContext.Provider>;
}

/**
 * The whole stylesheet inside the document (about 10 KB compressed), so a phone paints the page
 * without waiting for a second request. The browser keeps the element the server sent: hydration
 * leaves its content as it is, and later renders have nothing new to write into it.
 */
export function InlineStyle() {
  const css = useContext(InlineStyleContext);
  const html = useMemo(() => ({ __html: css }), [css]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own stylesheet, from the build
  return <style suppressHydrationWarning dangerouslySetInnerHTML={html} />;
}
