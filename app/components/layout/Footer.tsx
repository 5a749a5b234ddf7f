import { Anchor, Box, Container, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { href } from "~/routing/paths";

const LINKS: ReadonlyArray<{ page: string; label: MessageKey }> = [
  { page: "about", label: "footer.about" },
  { page: "faq", label: "footer.faq" },
  { page: "imprint", label: "footer.imprint" },
  { page: "privacy", label: "footer.privacy" },
  { page: "terms", label: "footer.terms" },
  { page: "apiReference", label: "footer.api" },
];

export function Footer() {
  const t = useT();
  const locale = useLocale();
  return (
    <Box component="footer" py="lg" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <nav aria-label={t("footer.navigation")}>
            <Group gap="md">
              {LINKS.map((l) => (
                <Anchor key={l.page} component={Link} to={href(l.page, locale)} c="var(--mantine-color-text)" size="sm">
                  {t(l.label)}
                </Anchor>
              ))}
            </Group>
          </nav>
          <Text size="sm">{t("footer.tagline")}</Text>
        </Group>
      </Container>
    </Box>
  );
}
