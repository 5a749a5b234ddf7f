import { Anchor, Card, Group, Image, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useFormat, useLocale } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";

/** What a card shows of a public news item (the domain's teaser, as the loader sends it). */
export interface NewsCardItem {
  id: string;
  title: string;
  excerpt: string;
  imageKey: string;
  publishAt: Date | string;
  companyName: string;
}

/**
 * One news item in the public list (image on top, excerpt) or, `compact`, on the home page
 * (small image beside the title). The image is decorative here: the title next to it says it all,
 * so it has an empty alt text and is not read twice. The image loads lazily, except the list's
 * `first` card's (on a phone's first screen; decision 068).
 */
export function NewsCard({ item, headingLevel = 2, compact = false, first = false }: { item: NewsCardItem; headingLevel?: 2 | 3; compact?: boolean; first?: boolean }) {
  const locale = useLocale();
  const format = useFormat();
  const Heading = `h${headingLevel}` as const;
  const publishAt = new Date(item.publishAt);
  const heading = (
    <Heading style={{ margin: 0, fontSize: compact ? "1rem" : "1.125rem", lineHeight: 1.3 }} className="hyphenate">
      <Anchor component={Link} to={href("newsDetail", locale, { id: item.id })} data-testid="news-card-link">
        {item.title}
      </Anchor>
    </Heading>
  );
  const meta = (
    <Text size="sm" c="dimmed">
      <time dateTime={publishAt.toISOString()}>{format.date(publishAt)}</time>
      {" · "}
      {item.companyName}
    </Text>
  );
  if (compact) {
    return (
      <Card withBorder padding="sm" component="article" data-testid={`news-card-${item.id}`} h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Image src={`/files/${item.imageKey}`} alt="" w={96} h={64} miw={96} radius="sm" fit="cover" loading={first ? "eager" : "lazy"} />
          <Stack gap={4} miw={0}>
            {heading}
            {meta}
          </Stack>
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder padding="md" component="article" data-testid={`news-card-${item.id}`} h="100%">
      <Card.Section mb="sm">
        <Image src={`/files/${item.imageKey}`} alt="" h={160} fit="cover" loading={first ? "eager" : "lazy"} />
      </Card.Section>
      <Stack gap={6}>
        {meta}
        {heading}
        <Text size="sm" lineClamp={4} data-testid="news-card-excerpt">
          {item.excerpt}
        </Text>
      </Stack>
    </Card>
  );
}
