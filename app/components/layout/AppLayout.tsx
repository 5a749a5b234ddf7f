import { Box, Container, Group, Stack } from "@mantine/core";
import { Fragment, type ReactNode, useCallback, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import { AccountMenu } from "./AccountMenu";
import classes from "./AppLayout.module.css";
import { EnvBanner } from "./EnvBanner";
import { Footer } from "./Footer";
import { LanguageSwitch } from "./LanguageSwitch";
import { LoadingBar } from "./LoadingBar";
import { LocalizedDefaults } from "./LocalizedDefaults";
import { MainNav } from "./MainNav";
import { MAIN_ID } from "./RouteAnnouncer";
import { ThemeToggle } from "./ThemeToggle";

const MENU_ID = "mobile-menu";

/**
 * The header, the phone menu and the main area. Plain elements with a CSS module instead of Mantine's
 * AppShell and Burger (decision 067): those pulled their media-style engine, a resize handle with
 * pointer dragging and their stylesheets into every page's first load; the look and the behaviour
 * (the menu's aria-expanded/aria-controls, inert while folded away) are the same.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const [opened, setOpened] = useState(false);
  const toggle = useCallback(() => setOpened((o) => !o), []);
  const close = useCallback(() => setOpened(false), []);
  const location = useLocation();
  useEffect(close, [location.pathname, close]);

  return (
    <LocalizedDefaults>
      <LoadingBar />
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t("layout.skipToContent")}
      </a>
      <header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Box
                component="button"
                type="button"
                className={`${classes.burger} mantine-focus-auto`}
                onClick={toggle}
                hiddenFrom="lg"
                aria-label={t("layout.menu")}
                aria-expanded={opened}
                aria-controls={MENU_ID}
              >
                <span className={classes.lines} />
              </Box>
              <Link to={href("home", locale)} style={{ textDecoration: "none", color: "inherit", fontWeight: 700, fontSize: "clamp(16px, 4vw, 20px)" }}>
                PartnerNet
              </Link>
            </Group>
            <Box visibleFrom="lg">
              <MainNav direction="row" label={t("layout.mainNavigation")} />
            </Box>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <LanguageSwitch />
              <Box visibleFrom="sm">
                <ThemeToggle />
              </Box>
              <AccountMenu />
            </Group>
          </Group>
        </Container>
      </header>
      {/* The phone menu: gone from lg up (the header shows the links), and inert while folded away
          on a phone, so its links are neither in the tab order nor read out (decision 046). */}
      <Box className={classes.navbar} id={MENU_ID} hiddenFrom="lg" inert={!opened} data-opened={opened || undefined}>
        <Stack gap="md">
          <MainNav direction="column" label={t("layout.menuNavigation")} />
          <Box hiddenFrom="sm">
            <ThemeToggle />
          </Box>
        </Stack>
      </Box>
      <main className={classes.main}>
        <Stack gap={0} mih="calc(100vh - 64px)">
          <EnvBanner />
          <Box id={MAIN_ID} flex={1} py="xl">
            <Container size="lg">
              {/* A language switch keeps the route module (same file, other route id): remount the page,
                  so no state, uncontrolled default or third-party widget (Leaflet) keeps the old language. */}
              <Fragment key={locale}>{children}</Fragment>
            </Container>
          </Box>
          <Footer />
        </Stack>
      </main>
    </LocalizedDefaults>
  );
}
