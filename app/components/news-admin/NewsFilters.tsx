import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from "@mantine/core";
import { Form, Link } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { NEWS_LIMITS, NEWS_STATES } from "~/schemas/news";

interface Props {
  action: string;
  q: string;
  state: string;
  /** Deleted items are listed for admins only (they alone restore). */
  withDeleted: boolean;
}

/** The admin list's filters: a GET form, so they live in the URL and work without JavaScript. */
export function NewsFilters({ action, q, state, withDeleted }: Props) {
  const t = useT();
  const states = NEWS_STATES.filter((s) => withDeleted || s !== "DELETED");
  return (
    <Paper withBorder p="md">
      <Form method="get" action={action} role="search" aria-label={t("newsAdmin.filter.title")} data-testid="news-filters">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput name="q" label={t("newsAdmin.filter.q")} defaultValue={q} maxLength={NEWS_LIMITS.query} data-testid="news-filter-q" />
          <NativeSelect
            name="state"
            label={t("newsAdmin.filter.state")}
            data={[{ value: "ALL", label: t("newsAdmin.filter.anyState") }, ...states.map((s) => ({ value: s, label: t(`newsAdmin.state.${s}`) }))]}
            defaultValue={state}
            data-testid="news-filter-state"
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button type="submit" variant="light" data-testid="news-filter-submit">
            {t("newsAdmin.filter.apply")}
          </Button>
          <Anchor component={Link} to={action}>
            {t("newsAdmin.filter.reset")}
          </Anchor>
        </Group>
      </Form>
    </Paper>
  );
}
