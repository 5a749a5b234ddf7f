import type { ContentPage } from "./types";
import { content as about } from "./pages/about";
import { content as faq } from "./pages/faq";
import { content as forCompanies } from "./pages/forCompanies";
import { content as forMultipliers } from "./pages/forMultipliers";
import { content as imprint } from "./pages/imprint";
import { content as privacy } from "./pages/privacy";
import { content as terms } from "./pages/terms";

export type { ContentPage, ContentSection } from "./types";

export type ContentPageId = "about" | "faq" | "forCompanies" | "forMultipliers" | "imprint" | "privacy" | "terms";

/** Static text pages in German and Czech; operator placeholders like {operatorName} are filled in by the page. */
export const CONTENT_PAGES: Record<ContentPageId, Record<"de" | "cs", ContentPage>> = {
  about,
  faq,
  forCompanies,
  forMultipliers,
  imprint,
  privacy,
  terms,
};
