import { Button } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { type RootData, useRootData } from "~/root-data";
import { href } from "~/routing/paths";

type SignedInMenuComponent = ComponentType<{ user: NonNullable<RootData["user"]> }>;

/** Loaded only when someone is signed in (decision 044). */
const SignedInMenu = lazy(() => import("./SignedInMenu"));
let loadedSignedInMenu: SignedInMenuComponent | null = null;

/**
 * Loads the signed-in menu before the page hydrates (entry.client.tsx, when the server drew it).
 * A click on a part of the page whose code is still loading is lost (React hydrates it on the
 * click but cannot when its module has not arrived): the account button would not open on a
 * click right after the page appeared.
 */
export async function preloadSignedInMenu() {
  loadedSignedInMenu = (await import("./SignedInMenu")).default;
}

export function AccountMenu() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const user = useRootData()?.user;

  if (!user) {
    const onLoginPage = location.pathname.startsWith(href("login", locale));
    return (
      <Button component={Link} to={href("login", locale)} size="compact-md" px={8} variant={onLoginPage ? "light" : "filled"}>
        {t("nav.login")}
      </Button>
    );
  }
  // Preloaded: drawn at once, inside the same boundary the server rendered (hydration matches).
  const Menu = loadedSignedInMenu ?? SignedInMenu;
  return (
    <Suspense fallback={null}>
      <Menu user={user} />
    </Suspense>
  );
}
