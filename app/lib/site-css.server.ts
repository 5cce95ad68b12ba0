// The stylesheet as text, built by Tailwind with the rest of the server code; the browser gets
// it inside each document (app/lib/inline-style.tsx), never as a separate file.
import css from "../app.css?inline";

export const siteCss: string = css;
