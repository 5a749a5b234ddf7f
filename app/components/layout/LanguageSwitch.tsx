import { Button } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { otherLocale } from "~/i18n/locales";
import { counterpartPath } from "~/routing/paths";

/** Links to the same page in the other language; the server remembers the choice in a cookie. */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const target = otherLocale(locale);
  return (
    <Button
      component={Link}
      to={counterpartPath(location.pathname, location.search, target)}
      variant="default"
      size="compact-md"
      lang={target === "de" ? "de-DE" : "cs-CZ"}
      hrefLang={target}
      title={t("layout.switchLanguage")}
      // Never squeezed by a long account name next to it on a phone.
      style={{ flexShrink: 0 }}
      data-testid="language-switch"
    >
      {target === "de" ? "DE" : "CS"}
    </Button>
  );
}
