import { Button } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { useRootData } from "~/root-data";
import { href } from "~/routing/paths";

/** Loaded only when someone is signed in (decision 044). */
const SignedInMenu = lazy(() => import("./SignedInMenu"));

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
  return (
    <Suspense fallback={null}>
      <SignedInMenu user={user} />
    </Suspense>
  );
}
