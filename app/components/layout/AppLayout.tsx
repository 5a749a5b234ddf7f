import { AppShell, Box, Burger, Container, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Fragment, type ReactNode, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import { AccountMenu } from "./AccountMenu";
import { EnvBanner } from "./EnvBanner";
import { Footer } from "./Footer";
import { LanguageSwitch } from "./LanguageSwitch";
import { LoadingBar } from "./LoadingBar";
import { LocalizedDefaults } from "./LocalizedDefaults";
import { MainNav } from "./MainNav";
import { MAIN_ID } from "./RouteAnnouncer";
import { ThemeToggle } from "./ThemeToggle";

const MENU_ID = "mobile-menu";

export function AppLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  useEffect(close, [location.pathname, close]);

  return (
    <LocalizedDefaults>
      <AppShell header={{ height: 64 }} navbar={{ width: 280, breakpoint: "lg", collapsed: { desktop: true, mobile: !opened } }} padding={0}>
        <LoadingBar />
        <a className="skip-link" href={`#${MAIN_ID}`}>
          {t("layout.skipToContent")}
        </a>
        <AppShell.Header>
          <Container size="xl" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="lg"
                  size="sm"
                  aria-label={t("layout.menu")}
                  aria-expanded={opened}
                  aria-controls={MENU_ID}
                />
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
        </AppShell.Header>
        {/* The phone menu: gone from lg up (the header shows the links), and inert while folded away
            on a phone, so its links are neither in the tab order nor read out (decision 046). */}
        <AppShell.Navbar p="md" component="div" id={MENU_ID} hiddenFrom="lg" inert={!opened}>
          <Stack gap="md">
            <MainNav direction="column" label={t("layout.menuNavigation")} />
            <Box hiddenFrom="sm">
              <ThemeToggle />
            </Box>
          </Stack>
        </AppShell.Navbar>
        <AppShell.Main>
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
        </AppShell.Main>
      </AppShell>
    </LocalizedDefaults>
  );
}
