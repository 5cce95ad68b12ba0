import { languageFromPath } from "./languages.ts";
import { createTranslator, type Dictionary, type I18n } from "./translate.ts";

interface MetaLikeArgs {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/** The translator in a route's `meta` function, from the dictionary the root loader sent. */
export function metaI18n({ location, matches }: MetaLikeArgs): I18n {
  const lang = languageFromPath(location.pathname);
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { messages?: Dictionary }
    | undefined;
  return { lang, t: createTranslator(lang, root?.messages ?? {}) };
}
