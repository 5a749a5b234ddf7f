import { Badge, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { Locale } from "~/i18n/locales";

interface Labelled {
  labelDe: string;
  labelCs: string;
}

const label = (item: Labelled, locale: Locale) => (locale === "cs" ? item.labelCs : item.labelDe);

/** The description in the page's language first, the other one a tab away. */
export function CompanyDescription({ descriptionDe, descriptionCs }: { descriptionDe: string; descriptionCs: string }) {
  const t = useT();
  const locale = useLocale();
  const order: Locale[] = locale === "cs" ? ["cs", "de"] : ["de", "cs"];
  const text = { de: descriptionDe, cs: descriptionCs };
  return (
    <Stack component="section" aria-labelledby="company-description" gap="sm">
      <Title order={2} size="h3" id="company-description">
        {t("companyDetail.description")}
      </Title>
      <Tabs defaultValue={locale} variant="outline" keepMounted={false}>
        <Tabs.List aria-label={t("companyDetail.descriptionLanguage")}>
          {order.map((l) => (
            <Tabs.Tab key={l} value={l}>
              {t(l === "de" ? "companyDetail.lang.de" : "companyDetail.lang.cs")}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {order.map((l) => (
          <Tabs.Panel key={l} value={l} pt="sm">
            <Text lang={l} style={{ whiteSpace: "pre-line" }} data-testid={`description-${l}`}>
              {text[l]}
            </Text>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** Industries (NACE code and label) and tags in the current language. */
export function CompanyClassification({ nace, tags }: { nace: Array<Labelled & { code: string }>; tags: Array<Labelled & { id: string }> }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <Stack component="section" aria-labelledby="company-industries" gap="xs">
        <Title order={2} size="h3" id="company-industries">
          {t("companyDetail.industries")}
        </Title>
        <Stack component="ul" gap={4} m={0} pl="lg" data-testid="company-nace">
          {nace.map((n) => (
            <Text component="li" key={n.code}>
              <Text span fw={600}>
                {n.code}
              </Text>{" "}
              {label(n, locale)}
            </Text>
          ))}
        </Stack>
      </Stack>
      <Stack component="section" aria-labelledby="company-tags" gap="xs">
        <Title order={2} size="h3" id="company-tags">
          {t("companyDetail.tags")}
        </Title>
        <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }} data-testid="company-tags">
          {tags.map((tag) => (
            <Badge component="li" key={tag.id} variant="light" tt="none" size="lg">
              {label(tag, locale)}
            </Badge>
          ))}
        </Group>
      </Stack>
    </>
  );
}
