import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { preloadSignedInMenu } from "./components/layout/AccountMenu";
import { loadCatalogue } from "./i18n/catalogue-store";
import { DEFAULT_LOCALE, localeOfPath } from "./i18n/locales";

/**
 * React Router's default browser entry, after the page's language's messages have arrived (the
 * document preloads them: root.tsx), so the first render matches the server's (decision 044):
 * the public part, and the rest when the document preloaded it too.
 */
void Promise.all([
  loadCatalogue(localeOfPath(window.location.pathname) ?? DEFAULT_LOCALE, {
    // The server preloads the rest of the messages for signed-in users and account/admin pages (root.tsx).
    rest: document.querySelector('link[data-catalogue="rest"]') !== null,
  }),
  // A signed-in page's account button works from its first click (AccountMenu).
  document.querySelector("[data-signed-in-menu]") ? preloadSignedInMenu() : undefined,
])
  .catch((error: unknown) => console.error(error))
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
