import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";

interface Props {
  /** The heading's id: the section names itself by it (aria-labelledby). */
  id: string;
  title: string;
  text: string;
  link: { to: string; label: string; testId?: string };
}

/** A home page section's heading, its one-line introduction and the link to everything of its kind. */
export function HomeSectionHeader({ id, title, text, link }: Props) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title id={id} order={2} size="h3">
          {title}
        </Title>
        <Text>{text}</Text>
      </Stack>
      <Anchor component={Link} to={link.to} data-testid={link.testId}>
        {link.label}
      </Anchor>
    </Group>
  );
}
