import { Badge, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useT } from "~/i18n/i18n-context";

/**
 * A titled block of an admin work list: heading with a count badge, the table, or a short
 * text when the list is empty. `columns` are the table's header cells.
 */
export function WorkSection({
  id,
  title,
  count,
  countLabel,
  empty,
  columns,
  children,
}: {
  id: string;
  title: string;
  count: number;
  countLabel: string;
  empty: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          <Badge variant="filled" color={count > 0 ? "brand.7" : "gray.7"} tt="none">
            {countLabel}
          </Badge>
        </Group>
        {count === 0 ? (
          <Text>{empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** Name and e-mail of an account, or a note when it has been deleted. */
export function AccountCell({ name, email }: { name: string | null; email: string | null }) {
  const t = useT();
  if (!name) return <Text span c="dimmed">{t("admin.deletedAccount")}</Text>;
  return (
    <Stack gap={0}>
      <Text span>{name}</Text>
      <Text span size="sm" c="dimmed">
        {email}
      </Text>
    </Stack>
  );
}
